/// The store of a reducer's state and action: `StoreOf<Counter>` is
/// `Store<Counter.State, Counter.Action>`.
///
/// ```swift
/// let store: StoreOf<Counter> = Store(initialState: Counter.State(), reducer: Counter())
/// ```
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
