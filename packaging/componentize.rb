# Homebrew formula template for componentize. Copy it into your tap (Formula/componentize.rb), set `url` to the
# release's source archive and `sha256` to its checksum (shasum -a 256), and `revision` to the commit it was cut from.
class Componentize < Formula
  desc "Keep a componentized Swift app's packages in their layers"
  homepage "https://github.com/<owner>/componentize"
  url "https://github.com/<owner>/componentize/archive/refs/tags/0.1.0.tar.gz"
  sha256 "<sha256 of the archive>"
  # license "<the licence you publish it under>"

  depends_on xcode: ["16.0", :build]

  def install
    # A source archive has no .git: --version then reports the revision as "unknown".
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "componentize"
    bin.install ".build/release/componentize"
  end

  test do
    (testpath/"Kit/NXKit/Package.swift").write <<~SWIFT
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(name: "NXKit", products: [.library(name: "NXKit", targets: ["NXKit"])],
                            targets: [.target(name: "NXKit")])
    SWIFT
    assert_match "0 errors", shell_output("#{bin}/componentize check #{testpath} --no-imports")
  end
end
