/// Where a generator's choices come from: fresh random numbers while a check explores, or the
/// recorded choices of a failing step while it shrinks.
///
/// Every choice is a number below a bound, and every choice made is recorded, so a step is
/// reproduced from its list of numbers alone. Shrinking edits those numbers (towards zero) and
/// replays them: whatever a generator does with its choices, smaller numbers give simpler
/// values, and a list that runs out gives zeros, the simplest of all.
struct ChoiceSource {
  private enum Origin {
    case random(SplitMix64)
    case replay([UInt64])
  }

  private var origin: Origin
  private var position = 0
  /// The choices made so far, each below its bound.
  private(set) var recorded: [UInt64] = []

  /// A source of fresh choices.
  init(generator: SplitMix64) {
    self.origin = .random(generator)
  }

  /// A source that replays `choices`, then answers zero.
  init(replaying choices: [UInt64]) {
    self.origin = .replay(choices)
  }

  /// The random generator of a fresh source, to go on with after a step.
  var generator: SplitMix64? {
    if case .random(let generator) = origin { return generator }
    return nil
  }

  /// A choice in `0..<bound`; any number when `bound` is zero (a choice among 2⁶⁴).
  mutating func choose(below bound: UInt64) -> UInt64 {
    let choice: UInt64
    switch origin {
    case .random(var generator):
      choice = generator.next(below: bound)
      origin = .random(generator)
    case .replay(let choices):
      let replayed = position < choices.count ? choices[position] : 0
      choice = bound == 0 ? replayed : replayed % bound
    }
    position += 1
    recorded.append(choice)
    return choice
  }
}
