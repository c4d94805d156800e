import Testing
import UniflowDevTools

@Test func moduleBuilds() {
  #expect(Bool(true))
}
