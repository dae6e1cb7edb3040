import Output
import Testing

/// Unified diffs as `resources --check`, `new --dry-run` and `fix --dry-run` print them.
struct UnifiedDiffTests {
    @Test func hunksWithContext() {
        #expect(UnifiedDiff.make(old: "a\nb\nc\n", new: "a\nB\nc\n", oldName: "old", newName: "new") == "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
        #expect(UnifiedDiff.make(old: "same\n", new: "same\n", oldName: "a", newName: "b") == "")
        #expect(UnifiedDiff.make(old: "", new: "x\n", oldName: "/dev/null", newName: "b") == "--- /dev/null\n+++ b\n@@ -0,0 +1,1 @@\n+x\n")
    }
}

/// The one escaper of HTML and XML text.
struct MarkupTextTests {
    @Test func contentAndAttributesAreEscaped() {
        #expect(MarkupText.content("<a & \"b\">") == "&lt;a &amp; \"b\"&gt;")
        #expect(MarkupText.attribute("<a & \"b\" 'c'>\u{1}\n") == "&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;?\n")
    }
}
