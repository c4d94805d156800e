// The measuring machinery shared by every suite: warm-up, batches timed with a monotonic
// clock, repetitions interleaved between the subject and its baseline, and the median.

/// Work to time: a closure that performs a given number of operations.
///
/// The closure does its own loop, so the call that starts a batch is paid once per batch, not
/// once per operation.
struct Workload {
  /// Performs `operations` operations.
  let run: @MainActor (_ operations: Int) async -> Void
}

/// How many operations one timed batch performs.
enum BatchSize {
  /// As many as it takes for a batch to last at least the run's minimum batch duration; found
  /// during the warm-up.
  case calibrated
  /// Always this many, for workloads whose size is part of what they measure.
  case fixed(Int)
}

/// How long and how often to measure.
struct HarnessSettings {
  /// Timed repetitions of each side; the median is reported.
  var repetitions: Int
  /// The least time a calibrated batch lasts, so that clock resolution and the cost of starting
  /// a batch vanish in the figure.
  var minimumBatchDuration: Duration
  /// Untimed batches run before the repetitions, after calibration.
  var warmUpBatches: Int
  /// When set, every batch performs exactly this many operations, calibrated or not.
  var fixedBatchOperations: Int?

  /// A full run: stable medians.
  static let full = HarnessSettings(
    repetitions: 11, minimumBatchDuration: .milliseconds(40), warmUpBatches: 2,
    fixedBatchOperations: nil)
  /// A run that checks the counts in a few seconds; its times are rough.
  static let quick = HarnessSettings(
    repetitions: 5, minimumBatchDuration: .milliseconds(2), warmUpBatches: 1,
    fixedBatchOperations: nil)
}

/// The times of one side of a comparison.
struct Timing {
  /// Operations per timed batch.
  var operationsPerBatch: Int
  /// Nanoseconds per operation, one figure per repetition, in the order measured.
  var samples: [Double]

  /// The median of ``samples``: what the bench reports, because one slow repetition (another
  /// process took the core) must not move it.
  var nanosecondsPerOperation: Double { median(samples) }
}

/// A subject and its baseline, measured in the same run.
struct Comparison {
  var subject: Timing
  var baseline: Timing

  /// How many times slower the subject is than the baseline.
  var ratio: Double { subject.nanosecondsPerOperation / baseline.nanosecondsPerOperation }
}

/// Measures `subject` and `baseline` in the same run: each is warmed up, then the repetitions
/// alternate between them, and in alternating order, so that neither always runs first on a
/// warmer cache or a quieter machine.
///
/// - Parameters:
///   - subject: The library at work.
///   - baseline: The hand-written equivalent it is compared with.
///   - batch: How many operations a batch performs.
///   - settings: Repetitions and durations.
/// - Returns: The median time per operation of each side.
@MainActor
func compare(
  _ subject: Workload, against baseline: Workload, batch: BatchSize, settings: HarnessSettings
) async -> Comparison {
  let subjectOperations = await warmUp(subject, batch: batch, settings: settings)
  let baselineOperations = await warmUp(baseline, batch: batch, settings: settings)
  var subjectSamples: [Double] = []
  var baselineSamples: [Double] = []
  for repetition in 0..<settings.repetitions {
    if repetition.isMultiple(of: 2) {
      subjectSamples.append(await nanosecondsPerOperation(subject, subjectOperations))
      baselineSamples.append(await nanosecondsPerOperation(baseline, baselineOperations))
    } else {
      baselineSamples.append(await nanosecondsPerOperation(baseline, baselineOperations))
      subjectSamples.append(await nanosecondsPerOperation(subject, subjectOperations))
    }
  }
  return Comparison(
    subject: Timing(operationsPerBatch: subjectOperations, samples: subjectSamples),
    baseline: Timing(operationsPerBatch: baselineOperations, samples: baselineSamples))
}

/// Runs untimed batches until caches, allocator and lazily initialised runtime data are warm,
/// and returns the batch size to time.
@MainActor
private func warmUp(_ workload: Workload, batch: BatchSize, settings: HarnessSettings) async -> Int {
  let operations: Int
  switch (batch, settings.fixedBatchOperations) {
  case (_, let count?), (.fixed(let count), nil):
    operations = count
  case (.calibrated, nil):
    operations = await calibrate(workload, minimum: settings.minimumBatchDuration)
  }
  for _ in 0..<settings.warmUpBatches { await workload.run(operations) }
  return operations
}

/// Grows the batch until one lasts at least `minimum`.
@MainActor
private func calibrate(_ workload: Workload, minimum: Duration) async -> Int {
  let target = nanoseconds(minimum)
  var operations = 1
  while true {
    let elapsed = await nanosecondsPerOperation(workload, operations) * Double(operations)
    if elapsed >= target || operations >= 1 << 30 { return operations }
    // Aim a little past the target, but never grow more than 100 times at once: the first,
    // cold batches overstate the cost of an operation.
    let growth = elapsed > 0 ? min(100, max(2, 1.2 * target / elapsed)) : 100
    operations = Int((Double(operations) * growth).rounded(.up))
  }
}

/// Times one batch.
@MainActor
private func nanosecondsPerOperation(_ workload: Workload, _ operations: Int) async -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  await workload.run(operations)
  let elapsed = start.duration(to: clock.now)
  return nanoseconds(elapsed) / Double(operations)
}

/// A duration in nanoseconds.
func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// The median of a non-empty list.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// Where measured code leaves its results, so that the optimiser cannot prove them unused and
/// delete the work that produced them.
@MainActor private var sink = 0

/// Consumes a value the optimiser must treat as used.
///
/// Not inlined, and writing to a global: the compiler can neither see through the call nor
/// prove it has no effect.
@MainActor
@inline(never)
func blackHole(_ value: Int) {
  sink &+= value
}
