/// What the command line asked for.
struct Options: Equatable {
  /// Print one JSON object instead of the table.
  var json = false
  /// Few, short repetitions: enough to check the counts.
  var quick = false
  /// The suites to run; empty means all.
  var filters: [String] = []
  /// Time batches of exactly this many operations instead of the suites' own sizes: under a
  /// profiler, where time runs tens of times slower, the work stays the same.
  var batch: Int?
  /// Print the usage and exit.
  var help = false

  /// Reads the arguments that follow the program name.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the program name.
  ///   - suiteNames: The suites `--filter` may name.
  ///   - planned: Suites that do not exist yet, with why, for a clearer error.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` for an unknown option, a missing value or an unknown suite.
  static func parse(
    _ arguments: [String], suiteNames: [String], planned: [String: String] = [:]
  ) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json": options.json = true
      case "--quick": options.quick = true
      case "-h", "--help": options.help = true
      case "--filter":
        guard let name = remaining.popFirst() else { throw UsageError("--filter needs a suite name") }
        options.filters.append(name)
      case _ where argument.hasPrefix("--filter="):
        options.filters.append(String(argument.dropFirst("--filter=".count)))
      case "--batch":
        guard let value = remaining.popFirst(), let count = Int(value), count > 0 else {
          throw UsageError("--batch needs a positive number of operations")
        }
        options.batch = count
      default:
        throw UsageError("unknown option '\(argument)'")
      }
    }
    for name in options.filters where !suiteNames.contains(name) {
      if let reason = planned[name] { throw UsageError("suite '\(name)' is not measured yet: \(reason)") }
      throw UsageError(
        "unknown suite '\(name)'; the suites are \(suiteNames.joined(separator: ", "))")
    }
    return options
  }

  /// The help text.
  ///
  /// - Parameter suites: The suites, listed with what they measure.
  /// - Returns: The text, ending with a newline.
  static func usage(suites: [Suite]) -> String {
    let width = suites.map(\.name.count).max() ?? 0
    let list = suites.map { suite in
      "  \(suite.name.padded(to: width))  \(suite.summary)"
    }
    return """
      USAGE: uniflow-bench [--quick] [--json] [--filter NAME]... [--batch N]

      Measures Uniflow against hand-written baselines in the same run and prints the ratio of
      each pair: the machines are noisy, so absolute times alone mean little. Build it in
      release mode: swift run -c release uniflow-bench

      OPTIONS:
        --filter NAME  Run only the suite NAME; repeat to run several.
        --quick        Few, short repetitions: checks the counts in seconds; the times are rough.
        --json         Print one JSON object instead of the table.
        --batch N      Time batches of exactly N operations (effects: N effects) instead of
                       calibrating them by duration: for profilers, under which time means little.
        -h, --help     Print this help.

      SUITES:
      \(list.joined(separator: "\n"))

      Exits with 0 when every count is right, 1 when one is wrong (a missed speed goal never
      fails the run), 2 for a bad command line.

      """
  }
}

/// A command line the bench cannot run.
struct UsageError: Error, Equatable {
  /// What is wrong, in a line.
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
