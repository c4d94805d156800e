extension PropertyRunner {
  /// Reduces a failing run to a simpler one that fails the same way: first by leaving out
  /// actions (large chunks, then single ones), then by making each choice as small as it can be
  /// (simpler cases, smaller numbers, shorter strings), until neither helps or the budget of
  /// runs is spent.
  ///
  /// - Parameters:
  ///   - failing: The failing run.
  ///   - budget: The most runs to try.
  /// - Returns: The simplest failing run found.
  func shrink(_ failing: FailingRun, budget: Int) async -> FailingRun {
    var shrinker = Shrinker(best: failing, budget: budget)
    var improved = true
    while improved, shrinker.budget > 0 {
      improved = false
      if await removeChunks(&shrinker) { improved = true }
      if await minimizeChoices(&shrinker) { improved = true }
    }
    return shrinker.best
  }

  struct Shrinker {
    var best: FailingRun
    var budget: Int
  }

  /// Runs `choices`; keeps them when they fail the same way and are simpler.
  private func attempt(_ choices: [[UInt64]], _ shrinker: inout Shrinker) async -> Bool {
    guard shrinker.budget > 0 else { return false }
    shrinker.budget -= 1
    guard let run = await run(.replay(choices)), run.failure == shrinker.best.failure,
      isSimpler(run.choices, than: shrinker.best.choices)
    else { return false }
    shrinker.best = run
    return true
  }

  private func removeChunks(_ shrinker: inout Shrinker) async -> Bool {
    var improved = false
    var size = max(1, shrinker.best.steps.count / 2)
    while size >= 1 {
      var start = shrinker.best.steps.count - size
      while start >= 0, shrinker.budget > 0 {
        var candidate = shrinker.best.choices
        candidate.removeSubrange(start..<(start + size))
        if await attempt(candidate, &shrinker) {
          improved = true
          start = min(start, shrinker.best.steps.count - size)
        } else {
          start -= 1
        }
      }
      size /= 2
    }
    return improved
  }

  private func minimizeChoices(_ shrinker: inout Shrinker) async -> Bool {
    var improved = false
    var stepIndex = 0
    while stepIndex < shrinker.best.steps.count, shrinker.budget > 0 {
      var choiceIndex = 0
      while stepIndex < shrinker.best.steps.count,
        choiceIndex < shrinker.best.steps[stepIndex].choices.count, shrinker.budget > 0
      {
        if await minimize(step: stepIndex, choice: choiceIndex, &shrinker) { improved = true }
        choiceIndex += 1
      }
      stepIndex += 1
    }
    return improved
  }

  /// Finds the smallest value of one choice that still fails: zero first, then by bisection.
  private func minimize(step: Int, choice: Int, _ shrinker: inout Shrinker) async -> Bool {
    let value = shrinker.best.choices[step][choice]
    guard value > 0 else { return false }
    func candidate(_ value: UInt64, _ best: [[UInt64]]) -> [[UInt64]]? {
      guard step < best.count, choice < best[step].count else { return nil }
      var choices = best
      choices[step][choice] = value
      return choices
    }
    if let zero = candidate(0, shrinker.best.choices), await attempt(zero, &shrinker) { return true }
    var low: UInt64 = 0
    var high = value
    var improved = false
    while high - low > 1, shrinker.budget > 0 {
      let middle = low + (high - low) / 2
      guard let choices = candidate(middle, shrinker.best.choices) else { break }
      if await attempt(choices, &shrinker) {
        high = middle
        improved = true
      } else {
        low = middle
      }
    }
    return improved
  }
}

/// Whether one list of steps' choices is simpler than another: fewer steps, or as many with
/// smaller choices, step by step (a missing choice counts as zero, as a replay reads it).
func isSimpler(_ lhs: [[UInt64]], than rhs: [[UInt64]]) -> Bool {
  guard lhs.count == rhs.count else { return lhs.count < rhs.count }
  for (left, right) in zip(lhs, rhs) {
    for index in 0..<max(left.count, right.count) {
      let l = index < left.count ? left[index] : 0
      let r = index < right.count ? right[index] : 0
      if l != r { return l < r }
    }
  }
  return false
}
