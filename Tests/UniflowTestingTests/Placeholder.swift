import Testing
import UniflowTesting

@Test func moduleLoads() {
  #expect(Bool(true))
}
