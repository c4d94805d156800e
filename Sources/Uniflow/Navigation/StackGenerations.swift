/// Where the identifiers of stack elements pushed while a stack's reducer runs its parent come
/// from: the stack's own next generation, or more.
///
/// The reducer that composes a stack (``StackReducer``) binds one, started at the stack's next
/// generation, around its parent's reduction. A stack made there from scratch
/// (`state.path = StackState([…])`) then continues the old stack's numbering instead of
/// starting again at `#0`, so no identifier is reused while effects or stores may still
/// address the old one. Outside such a reduction (building an initial state, a test's
/// expectation) a stack numbers its elements itself, deterministically.
@usableFromInline
final class StackGenerations: Sendable {
  /// The generations of the reduction running on this task, if any.
  @TaskLocal static var current: StackGenerations?

  /// The next generation to hand out.
  let next: LockIsolated<Int>

  init(next: Int) {
    self.next = LockIsolated(next)
  }

  /// Draws the identifier of an element pushed on a stack whose next generation is
  /// `nextGeneration`, and advances it.
  @usableFromInline
  static func draw(after nextGeneration: inout Int) -> StackElementID {
    var generation = nextGeneration
    if let current {
      generation = current.next.withLock { next in
        let drawn = max(next, generation)
        next = drawn + 1
        return drawn
      }
    }
    nextGeneration = generation + 1
    return StackElementID(generation: generation)
  }

  /// Runs `body` with pushes drawing from `nextGeneration` on, and returns its result and the
  /// next generation after it.
  @usableFromInline
  static func withGenerations<Result>(
    startingAt nextGeneration: Int, _ body: () -> Result
  ) -> (result: Result, nextGeneration: Int) {
    let generations = StackGenerations(next: nextGeneration)
    let result = $current.withValue(generations, operation: body)
    return (result, generations.next.current)
  }
}
