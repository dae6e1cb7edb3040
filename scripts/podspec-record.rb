#!/usr/bin/env ruby
# The oracle for componentize's static podspec reader: evaluates podspecs with Ruby itself, through a small Pod::Spec
# that records what each attribute is set to instead of being CocoaPods, and prints the same JSON shape as
# `componentize manifest X.podspec --format record`. What it records, for the spec and each subspec:
#   name, attributes (every `s.x = v` and `s.x v, w`, platform-scoped as "ios.x"), dependencies (name, requirements,
#   platform, line), subspecs, test specs (`testspecs`, when there are any); symbols and floats become strings, as
#   CocoaPods' own JSON has them (`swift_version = 5.0` is "5.0").
# Usage: scripts/podspec-record.rb FILE.podspec [...]   (prints one JSON document per file, one per line)
require "json"

module Pod
  # Where a call was written in the podspec being evaluated.
  def self.line_of_caller
    caller_locations.find { |location| location.path == $podspec_path }&.lineno
  end

  def self.plain(value)
    case value
    when Symbol then value.to_s
    when Float then value.to_s
    when Array then value.map { |item| plain(item) }
    when Hash then value.each_with_object({}) { |(key, item), result| result[plain(key).to_s] = plain(item) }
    else value
    end
  end

  class Spec
    attr_reader :record

    def initialize(name = nil, platform: nil, record: nil, &block)
      @record = record || { "name" => name, "attributes" => {}, "dependencies" => [], "subspecs" => [] }
      @platform = platform
      $root_spec ||= self
      block&.call(self)
    end

    def subspec(name, &block)
      child = Spec.new(name)
      @record["subspecs"] << child.record
      block&.call(child)
      child
    end

    def test_spec(name = "Tests", &block)
      child = Spec.new(name)
      (@record["testspecs"] ||= []) << child.record
      block&.call(child)
      child
    end

    def dependency(name, *requirements)
      @record["dependencies"] << { "name" => name, "requirements" => Pod.plain(requirements.flatten),
                                   "platform" => @platform, "line" => Pod.line_of_caller }
    end

    %w[ios osx macos tvos watchos visionos].each do |platform|
      define_method(platform) { Spec.new(platform: platform == "macos" ? "osx" : platform, record: @record) }
    end

    def key(name)
      @platform ? "#{@platform}.#{name}" : name.to_s
    end

    def method_missing(method, *arguments)
      name = method.to_s
      if name.end_with?("=")
        @record["attributes"][key(name.chomp("="))] = Pod.plain(arguments.first)
        return arguments.first
      end
      return @record["attributes"][key(name)] if arguments.empty?
      @record["attributes"][key(name)] = Pod.plain(arguments.size == 1 ? arguments.first : arguments)
    end

    def respond_to_missing?(*) = true
  end
end

ARGV.each do |path|
  $podspec_path = File.expand_path(path)
  $root_spec = nil
  begin
    spec = eval(File.read(path), TOPLEVEL_BINDING, $podspec_path)
    spec = $root_spec unless spec.is_a?(Pod::Spec)
    puts JSON.generate({ "file" => path, "spec" => spec&.record })
  rescue Exception => error
    puts JSON.generate({ "file" => path, "error" => "#{error.class}: #{error.message.lines.first&.strip}" })
  end
end
