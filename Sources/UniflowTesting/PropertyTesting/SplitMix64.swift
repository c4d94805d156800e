/// The pseudo-random number generator of property checks: SplitMix64, seeded, with the same
/// output for the same seed on every platform and in every run.
///
/// The system generator and hashing are seeded per process, so they cannot reproduce a
/// failure; this generator is a few lines of fixed arithmetic.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    self.state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`, without bias (Lemire's method); any number when `bound` is zero.
  mutating func next(below bound: UInt64) -> UInt64 {
    guard bound != 0 else { return next() }
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }
}
