/// The effects started by one `send`, including those started by actions they sent back:
/// what a ``StoreTask`` waits for and cancels.
@usableFromInline
@MainActor
final class EffectGroup {
  private var tokens: Set<Int> = []
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private(set) var isCancelled = false
  private let tasks: EffectTasks

  @usableFromInline
  init(tasks: EffectTasks) {
    self.tasks = tasks
  }

  var isFinished: Bool { tokens.isEmpty }

  func didStart(token: Int) {
    tokens.insert(token)
    if isCancelled { tasks.cancel(tokens: [token]) }
  }

  func didFinish(token: Int) {
    tokens.remove(token)
    guard tokens.isEmpty else { return }
    let waiters = self.waiters
    self.waiters = []
    for waiter in waiters { waiter.resume() }
  }

  func cancel() {
    isCancelled = true
    tasks.cancel(tokens: tokens)
  }

  func wait() async {
    guard !tokens.isEmpty else { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}
