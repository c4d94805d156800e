import Testing
import UniflowMVVM

@Test func moduleBuilds() {
  #expect(Bool(true))
}
