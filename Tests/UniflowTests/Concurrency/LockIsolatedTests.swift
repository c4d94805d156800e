import Testing
import Uniflow

@Suite struct LockIsolatedTests {
  @Test func concurrentChangesAreNotLost() async {
    let counts = LockIsolated([String: Int]())
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for _ in 0..<1_000 {
            counts.withLock { $0["task \(task % 2)", default: 0] += 1 }
          }
        }
      }
    }
    #expect(counts.current == ["task 0": 4_000, "task 1": 4_000])
  }

  @Test func errorsThrownInsideLeaveTheLockReleased() {
    struct Refused: Error, Equatable {}
    let value = LockIsolated(1)
    #expect(throws: Refused()) {
      try value.withLock { (number: inout Int) throws(Refused) in
        number = 2
        throw Refused()
      }
    }
    // The change made before the throw stays, and the lock can be taken again.
    #expect(value.withLock { $0 } == 2)
  }
}
