/// A view model with explicit inputs and outputs: what a view may tell it, and what a view
/// shows from it.
///
/// ```swift
/// final class ContentViewModel: StoreViewModel<Content.State, Content.Action>, ViewModel {
///   struct Input {
///     let reload: InputAction<Void>
///     let select: InputAction<String>
///   }
///   struct Output {
///     let content: OutputValue<[String]>
///     let showDetail: OutputEvent<String>
///   }
///   let input: Input
///   let output: Output
///   …
/// }
/// ```
///
/// A view is given the view model and uses nothing but ``input`` and ``output``: the types
/// document what the view can do and what it must render.
@MainActor
public protocol ViewModel: AnyObject {
  /// What a view can tell the view model: usually a struct of ``InputAction``s.
  associatedtype Input
  /// What a view shows: usually a struct of ``OutputValue``s and ``OutputEvent``s.
  associatedtype Output

  /// The view model's inputs.
  var input: Input { get }
  /// The view model's outputs.
  var output: Output { get }
}
