import Testing
import Uniflow

/// An enum with two cases of one payload type, a case with a labeled payload, a case without a
/// payload and a nested presentation: what a case found by reflection must tell apart.
private enum Screen: Equatable {
  case first(Int)
  case second(Int)
  case named(title: String)
  case empty
  case sheet(PresentationAction<Int>)

  static let firstCase = ActionCase(Screen.first)
  static let secondCase = ActionCase(Screen.second)
  static let namedCase = ActionCase(Screen.named)
  static let sheetCase = ActionCase(Screen.sheet)
  static let presentedCase = ActionCase<Screen, Int> { .sheet(.presented($0)) }
  static let labeledChainCase = ActionCase<Outer, String> { .screen(named: .named(title: $0)) }

  static let firstState = StateCase(Screen.first)
  /// Declared as a computed property: a new value at each use, the same case all the same.
  static var secondState: StateCase<Screen, Int> { StateCase(Screen.second) }
  /// Declared as a `static var`.
  nonisolated(unsafe) static var namedState = StateCase(Screen.named)
}

/// An enum whose case carries a `Screen` under a label.
private enum Outer: Equatable {
  case screen(named: Screen)
  case other(Screen)
}

@Suite struct CaseDeclarationTests {
  @Test func aCaseInOneLineExtractsItsOwnPayloadOnly() {
    #expect(Screen.firstCase.extract(.first(1)) == 1)
    #expect(Screen.firstCase.extract(.second(2)) == nil)
    #expect(Screen.secondCase.extract(.second(2)) == 2)
    #expect(Screen.secondCase.extract(.first(1)) == nil)
    #expect(Screen.namedCase.extract(.named(title: "Milk")) == "Milk")
    #expect(Screen.firstCase.extract(.empty) == nil)
    #expect(Screen.sheetCase.extract(.sheet(.dismiss)) == .dismiss)
    #expect(Screen.firstCase.embed(3) == .first(3))
  }

  @Test func aCaseThroughSeveralLevelsExtractsOnlyThatChain() {
    #expect(Screen.presentedCase.extract(.sheet(.presented(4))) == 4)
    #expect(Screen.presentedCase.extract(.sheet(.dismiss)) == nil)
    #expect(Screen.presentedCase.extract(.first(4)) == nil)
    // Once the chain is known, every case is told apart as before.
    #expect(Screen.presentedCase.extract(.sheet(.presented(5))) == 5)
    #expect(Screen.presentedCase.extract(.second(5)) == nil)
  }

  @Test func aChainThroughALabeledPayloadIsFollowed() {
    for _ in 0..<2 {
      #expect(Screen.labeledChainCase.extract(.screen(named: .named(title: "Milk"))) == "Milk")
      #expect(Screen.labeledChainCase.extract(.other(.named(title: "Milk"))) == nil)
      #expect(Screen.labeledChainCase.extract(.screen(named: .first(1))) == nil)
    }
  }

  @Test func aStateCaseInOneLineExtractsAndModifies() {
    var screen = Screen.first(1)
    #expect(Screen.firstState.extract(screen) == 1)
    #expect(Screen.secondState.extract(screen) == nil)
    #expect(Screen.firstState.modify(&screen) { $0 += 1 } != nil)
    #expect(screen == .first(2))
    #expect(Screen.secondState.modify(&screen) { $0 += 1 } == nil)
    #expect(screen == .first(2))
  }

  @Test func aStateCaseIsTheSameCaseHoweverItIsDeclared() {
    // A computed property makes a new value at each use: one declaration, one case.
    #expect(Screen.secondState == Screen.secondState)
    #expect(Set([Screen.secondState, Screen.secondState]).count == 1)
    #expect(Screen.namedState == Screen.namedState)
    // Another declaration of the same enum case is another case.
    let other = StateCase(Screen.first)
    #expect(other != Screen.firstState)
    #expect(Screen.firstState != Screen.secondState)
  }
}
