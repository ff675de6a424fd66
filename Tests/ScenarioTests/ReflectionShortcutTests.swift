import Foundation
import Observation
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// A record whose fields take the reflection's shortcuts: optionals and arrays read without a
/// mirror, types whose kind is remembered, and the cases where the value decides.
private struct Shortcuts {
  struct Leaf: Equatable { var id: Int }
  var some: Int? = 3
  var none: Int? = nil
  var leaf: Leaf? = Leaf(id: 1)
  var nested: Int?? = .some(nil)
  var leaves: [Leaf] = [Leaf(id: 1), Leaf(id: 2)]
  var optionalList: [Int]? = [1, 2]
  var closures: [() -> Void] = [{}]
  var optionalClosure: (() -> Void)? = {}
  var number: NSNumber = NSNumber(value: true)
  var hashable: AnyHashable = AnyHashable(7)
  var represented: Represented = Represented()
  var duration: Duration = .seconds(2)
}

private struct Represented: StateRepresentable {
  var stateValue: StateValue { .opaque("custom") }
}

private final class Owner {
  let name = "owner"
}

/// Fields no key path reaches (weak, unowned): the struct is read through its mirror.
private struct Links {
  weak var weakOwner: Owner?
  unowned let unownedOwner: Owner
  var count = 1
}

/// Fields key paths reach: a tuple, an enum with a payload, an optional struct, a nested struct.
private struct Plain {
  enum Phase { case idle, loading(page: Int) }
  var pair: (Int, String) = (1, "one")
  var phase: Phase = .loading(page: 2)
  var leaf: Shortcuts.Leaf? = nil
  var inner: Shortcuts.Leaf = Shortcuts.Leaf(id: 9)
}

/// A superclass whose fields come first.
private class Screen {
  var title = "screen"
  var visits = 0
}

/// A view-model's fields of every kind a class reads at its offsets: a struct, an enum with a
/// payload, an optional object, a list, a tuple, a lazy property, a closure, a Foundation object.
private final class Feed: Screen {
  var items = [Shortcuts.Leaf(id: 1)]
  var phase: Plain.Phase = .loading(page: 1)
  var owner: Owner? = Owner()
  var pair = (1, "one")
  lazy var total = 3
  var onChange: () -> Void = {}
  var timer: Timer? = nil
  var decoder = JSONDecoder()
}

/// A weak and an unowned field: read through its mirror.
private final class Linked {
  weak var weakOwner: Owner?
  unowned let unownedOwner: Owner
  var count = 1
  init(_ owner: Owner) {
    weakOwner = owner
    unownedOwner = owner
  }
}

/// A list that holds itself.
private final class Chain {
  var next: Chain?
  var value = 1
}

@Observable
private final class Tracked {
  var count = 2
  var name = "tracked"
}

@Suite("Reflection shortcuts")
struct ReflectionShortcutTests {
  @Test("optionals, arrays and remembered kinds show what a mirror showed")
  func shortcutsShowTheSame() {
    // Twice: the first reflection decides each type's kind, the second uses what it decided.
    for _ in 0..<2 {
      let text = StateRenderer.render(StateValue.reflecting(Shortcuts()))
      #expect(text == """
        Shortcuts(
          some: 3,
          none: nil,
          leaf: Leaf(
            id: 1
          ),
          nested: nil,
          leaves: [
            [0]: Leaf(
              id: 1
            ),
            [1]: Leaf(
              id: 2
            )
          ],
          optionalList: [1, 2],
          closures: Array<() -> ()>,
          optionalClosure: () -> (),
          number: true,
          hashable: 7,
          represented: custom,
          duration: 2s
        )
        """)
    }
  }

  @Test("a struct read through key paths, and one with weak and unowned fields read through its mirror")
  func structFields() {
    let owner = Owner()
    for _ in 0..<2 {
      #expect(StateRenderer.render(StateValue.reflecting(Links(weakOwner: owner, unownedOwner: owner))) == """
        Links(
          weakOwner: Owner(
            name: "owner"
          ),
          unownedOwner: Owner(
            name: "owner"
          ),
          count: 1
        )
        """)
      #expect(StateRenderer.render(StateValue.reflecting(Plain())) == """
        Plain(
          pair: (
            .0: 1,
            .1: "one"
          ),
          phase: .loading(page: 2),
          leaf: nil,
          inner: Leaf(
            id: 9
          )
        )
        """)
    }
    withExtendedLifetime(owner) {}
  }

  @Test("a class's fields read at their offsets are the fields its mirrors read, superclasses first; weak and unowned fields leave it to the mirror")
  func classFields() throws {
    func check(_ object: AnyObject) throws {
      let mirror = Mirror(reflecting: object)
      var mirrored = Array(mirror.children)
      var superclass = mirror.superclassMirror
      while let parent = superclass {
        mirrored.insert(contentsOf: parent.children, at: 0)
        superclass = parent.superclassMirror
      }
      let fields = try #require(ClassFields(type(of: object), mirrorLabels: mirrored.map(\.label)))
      let read = fields.children(of: object)
      #expect(read.map(\.label) == mirrored.map(\.label))
      #expect(read.map { StateRenderer.render(StateValue.reflecting($0.value)) } == mirrored.map { StateRenderer.render(StateValue.reflecting($0.value)) })
    }
    let feed = Feed()
    feed.visits = 4
    try check(feed)
    try check(Tracked())
    let owner = Owner()
    let linked = Linked(owner)
    #expect(ClassFields(Linked.self, mirrorLabels: Mirror(reflecting: linked).children.map(\.label)) == nil)
    // Labels that are not the runtime's fields: the mirror stays.
    #expect(ClassFields(Tracked.self, mirrorLabels: ["count"]) == nil)
    for _ in 0..<2 {
      #expect(StateRenderer.render(StateValue.reflecting(linked)) == """
        Linked(
          weakOwner: Owner(
            name: "owner"
          ),
          unownedOwner: Owner(
            name: "owner"
          ),
          count: 1
        )
        """)
      let chain = Chain()
      chain.next = chain
      #expect(StateRenderer.render(StateValue.reflecting(chain)) == """
        Chain(
          next: Chain(↩︎),
          value: 1
        )
        """)
      chain.next = nil
    }
    withExtendedLifetime(owner) {}
  }

  @Test("a struct's fields read at their offsets are the fields its mirror reads, whatever their layout")
  func storedFieldsMatchTheMirror() throws {
    struct Box<Content> { var content: Content; var flag: UInt8 = 7 }
    struct Mixed {
      var flag = true
      var small: UInt8 = 3
      var ratio = 0.25
      var title = "a title longer than fifteen bytes"
      var counts = [1, 2, 3]
      var described: any CustomStringConvertible = 42
      var boxed = Box(content: "inner")
      var boxedPair = Box(content: (1, "one"))
      var date = Date(timeIntervalSince1970: 1_000)
      var owner = Owner()
      var missing: Int? = nil
      var phase: Plain.Phase = .loading(page: 5)
      var plain = Plain()
      var nothing = Marker()
    }
    struct Marker {}
    /// No size at all: read through its key paths.
    struct Markers { var first = Marker(); var second = Marker() }
    func check<Value>(_ value: Value) throws {
      let fields = try #require(StructFields(Value.self))
      for _ in 0..<2 {
        let read = fields.children(value)
        let mirrored = Array(Mirror(reflecting: value).children)
        #expect(read.map(\.label) == mirrored.map(\.label))
        #expect(read.map { StateRenderer.render(StateValue.reflecting($0.value)) } == mirrored.map { StateRenderer.render(StateValue.reflecting($0.value)) })
      }
    }
    try check(Mixed())
    try check(Markers())
    #expect(StructFields(Markers.self)?.children(Markers()).count == 2)
  }

  @Test("a value read as its own type (a shown field) is the value read through Any, for the types read without Any and the others")
  func typed() {
    func same<Value>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) {
      let typed = StateValue.reflecting(typed: value)
      let boxed = StateValue.reflecting(value as Any)
      #expect(typed.isIdentical(to: boxed), "\(typed) against \(boxed)", sourceLocation: sourceLocation)
    }
    same(0)
    same(Int.min)
    same(true)
    same(-0.0)
    same(Double.nan)
    same("")
    same("café ✔")
    same(Int?.some(3))
    same(Int?.none)
    same(["a", "b"])
    same([1, 2])
    same(Int8(-3))
    same(Float(1.5))
    same(Shortcuts())
    same(Optional<Any>.some(2) as Any)
  }

  @Test("past the depth limit, an optional shows its type unless it holds a scalar")
  func depthLimit() {
    struct Holder { var leaf: Shortcuts.Leaf? = Shortcuts.Leaf(id: 1); var count: Int? = 4; var empty: Shortcuts.Leaf? = nil }
    let value = StateValue.reflecting(Holder(), depth: 1)
    #expect(StateRenderer.render(value) == """
      Holder(
        leaf: Optional<Leaf>(…),
        count: 4,
        empty: Optional<Leaf>(…)
      )
      """)
  }

  @Test("a state is identical to another only to the bit: -0.0 is a change, and text compares by bytes")
  func identity() {
    let zero = StateValue.record(type: "M", fields: [.init(name: "x", value: .double(0.0))])
    let negative = StateValue.record(type: "M", fields: [.init(name: "x", value: .double(-0.0))])
    #expect(zero == negative)
    #expect(!zero.isIdentical(to: negative))
    #expect(StateValue.string("é").isIdentical(to: .string("é")))
    #expect(!StateValue.string("\u{E9}").isIdentical(to: .string("e\u{301}")))
    let renderer = TranscriptRenderer(echo: true, errorsInline: true)
    #expect(renderer.stateLines(negative, previous: zero) == ["  M(", "-   x: 0.0", "+   x: -0.0", "  )"])
    #expect(renderer.stateLines(zero, previous: zero) == ["  M(", "    x: 0.0", "  )"])
  }

  @Test("lines split on bytes as on characters, a carriage return before a newline included")
  func lines() {
    for text in ["", "\n", "a", "a\n", "a\nb", "\n\na\n", "é\n✔ done\n━━", "a\r\nb\nc", "\r\n", "x\u{301}\ny"] {
      #expect(text.newlineSeparatedLines == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
  }

  @Test("a line's tokens keep their text and columns, ASCII or not")
  func lexerColumns() throws {
    let ascii = try Lexer.tokenize("send search query=\"a b\" #2")
    #expect(ascii.map(\.text) == ["send", "search", "query=\"a b\"", "#2"])
    #expect(ascii.map(\.column) == [1, 6, 13, 25])
    let wide = try Lexer.tokenize("send search query=\"café ✔\" n=2")
    #expect(wide.map(\.text) == ["send", "search", "query=\"café ✔\"", "n=2"])
    #expect(wide.map(\.column) == [1, 6, 13, 28])
  }
}
