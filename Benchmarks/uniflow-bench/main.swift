// uniflow-bench: Uniflow measured against hand-written baselines in the same run.
//
//   swift run -c release uniflow-bench [--quick] [--json] [--filter NAME]... [--batch N]
//
// Each suite times the library (the subject) and a baseline interleaved, in one process, and
// reports the ratio of their medians; see BENCHMARKS.md. The program's top level is async and
// runs on the main actor, so the main actor serves the stores' effect tasks while a suite waits.

import Foundation

/// Every suite, in the order they run and are reported.
let suites: [Suite] = [
  .send,
  .stateSize,
  .scopeDepth,
  .presentedChild,
  .enumDestination,
  .fanOut,
  .wideState,
  .effects,
  .removeRows,
  .rowDiff,
  .record,
  .jsonRead,
  .stack,
  .shared,
  .undo,
  .onChange,
  .observation,
  .actionCase,
  .actionCaseOther,
]

/// Suites that are planned but cannot be measured yet, with why.
let plannedSuites: [String: String] = [:]

let options: Options
do {
  options = try Options.parse(
    Array(CommandLine.arguments.dropFirst()), suiteNames: suites.map(\.name), planned: plannedSuites)
} catch {
  FileHandle.standardError.write(Data("uniflow-bench: \(error.message)\n\n".utf8))
  FileHandle.standardError.write(Data(Options.usage(suites: suites).utf8))
  exit(2)
}
if options.help {
  print(Options.usage(suites: suites), terminator: "")
  exit(0)
}

#if DEBUG
  FileHandle.standardError.write(
    Data("uniflow-bench: this is a debug build; its times mean nothing (use -c release)\n".utf8))
#endif

var settings: HarnessSettings = options.quick ? .quick : .full
settings.fixedBatchOperations = options.batch
var report = Report(results: [], quick: options.quick)
for suite in suites where options.filters.isEmpty || options.filters.contains(suite.name) {
  if !options.json { FileHandle.standardError.write(Data("running \(suite.name)…\n".utf8)) }
  report.results.append((suite, await suite.run(settings)))
}
print(options.json ? report.json : report.table, terminator: "")
for failure in report.failures {
  FileHandle.standardError.write(Data("uniflow-bench: wrong count in \(failure)\n".utf8))
}
exit(report.failures.isEmpty ? 0 : 1)
