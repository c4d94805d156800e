extension PropertyRunner {
  /// Reduces a failing run to a simpler one that fails the same way, until no pass helps or the
  /// budget of runs is spent:
  ///
  /// 1. leaving out actions, in large chunks, then one by one, and, when time passes between
  ///    actions, one by one while keeping the time that passed after each, and moving time to
  ///    later steps (the actions come at once, the time passes at the end);
  /// 2. leaving out a choice inside an action together with lowering the one before it (a
  ///    string one character shorter, without its first character);
  /// 3. lowering pairs of equal choices together (the same name added twice, then removed);
  /// 4. making each choice as small as it can be (simpler cases, smaller numbers).
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
      if await removeStepsKeepingTheirTime(&shrinker) { improved = true }
      if await moveTimeLater(&shrinker) { improved = true }
      if await removeChoices(&shrinker) { improved = true }
      if await lowerEqualChoices(&shrinker) { improved = true }
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
    guard
      let run = await run(
        .replay(choices), judgesWaitingEffectsAtOnce: shrinker.best.failure == .unfinishedEffects),
      run.failure == shrinker.best.failure,
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

  /// Leaves out steps one by one, adding the choices that drew the time after each to those of
  /// the step before: a failure that needs time to pass before a later action keeps it without
  /// the actions that only brought it. (For a pause drawn from a range, the sum of two choices
  /// is the sum of the two pauses above its low end.)
  private func removeStepsKeepingTheirTime(_ shrinker: inout Shrinker) async -> Bool {
    await movePauses(&shrinker) { best, index in
      guard index > 0, let pause = pauseChoices(of: index, in: best),
        var choices = add(pause, toPauseOf: index - 1, in: best)
      else { return nil }
      choices.remove(at: index)
      return choices
    }
  }

  /// Moves the time after each step to the step after it, adding its choices there: the same
  /// failure with the actions sooner is simpler to read (and to shrink further).
  private func moveTimeLater(_ shrinker: inout Shrinker) async -> Bool {
    await movePauses(&shrinker) { best, index in
      guard index + 1 < best.steps.count, let pause = pauseChoices(of: index, in: best),
        var choices = add(pause, toPauseOf: index + 1, in: best)
      else { return nil }
      let start = best.steps[index].choices.count - pause.count
      choices[index].replaceSubrange(start..., with: repeatElement(0, count: pause.count))
      return choices
    }
  }

  /// Tries, step by step, the choices `makeCandidate` makes from the best run for a step (`nil`
  /// when it has none); a step whose candidate did not fail the same way is not tried again.
  private func movePauses(
    _ shrinker: inout Shrinker, _ makeCandidate: (_ best: FailingRun, _ index: Int) -> [[UInt64]]?
  ) async -> Bool {
    guard timeBetweenActions != nil else { return false }
    var improved = false
    var index = 0
    while index < shrinker.best.steps.count, shrinker.budget > 0 {
      guard let candidate = makeCandidate(shrinker.best, index) else {
        index += 1
        continue
      }
      if await attempt(candidate, &shrinker) { improved = true } else { index += 1 }
    }
    return improved
  }

  /// The choices that drew the time after step `index`, if any is above zero.
  private func pauseChoices(of index: Int, in run: FailingRun) -> ArraySlice<UInt64>? {
    let step = run.steps[index]
    let pause = step.choices.suffix(step.pauseChoiceCount)
    return pause.contains { $0 > 0 } ? pause : nil
  }

  /// The choices of `run` with `pause` added, choice by choice, to those that drew the time
  /// after step `index`; `nil` when that step's pause has another number of choices.
  private func add(_ pause: ArraySlice<UInt64>, toPauseOf index: Int, in run: FailingRun) -> [[UInt64]]? {
    let step = run.steps[index]
    guard step.pauseChoiceCount == pause.count else { return nil }
    var choices = run.choices
    let start = step.choices.count - step.pauseChoiceCount
    for (offset, choice) in pause.enumerated() { choices[index][start + offset] &+= choice }
    return choices
  }

  private func removeChoices(_ shrinker: inout Shrinker) async -> Bool {
    var improved = false
    var step = 0
    while step < shrinker.best.steps.count, shrinker.budget > 0 {
      var choice = 1
      while step < shrinker.best.steps.count, choice < shrinker.best.steps[step].choices.count,
        shrinker.budget > 0
      {
        var candidate = shrinker.best.choices
        guard candidate[step][choice - 1] > 0 else {
          choice += 1
          continue
        }
        candidate[step].remove(at: choice)
        candidate[step][choice - 1] -= 1
        if await attempt(candidate, &shrinker) { improved = true } else { choice += 1 }
      }
      step += 1
    }
    return improved
  }

  /// Lowers pairs of equal choices together, to zero or by one.
  private func lowerEqualChoices(_ shrinker: inout Shrinker) async -> Bool {
    var improved = false
    var first = 0
    while shrinker.budget > 0 {
      let positions = shrinker.best.choices.enumerated().flatMap { step, choices in
        choices.indices.map { (step: step, choice: $0) }
      }
      guard first < positions.count else { break }
      let value = shrinker.best.choices[positions[first].step][positions[first].choice]
      var lowered = false
      if value > 0 {
        for second in positions[(first + 1)...]
        where shrinker.best.choices[second.step][second.choice] == value && shrinker.budget > 0 {
          for lower in [0, value - 1] where !lowered {
            var candidate = shrinker.best.choices
            candidate[positions[first].step][positions[first].choice] = lower
            candidate[second.step][second.choice] = lower
            lowered = await attempt(candidate, &shrinker)
          }
          if lowered { break }
        }
      }
      if lowered { improved = true } else { first += 1 }
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
