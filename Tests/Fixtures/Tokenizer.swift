// ChatGPTSwiftUI's tokenizer screen, as it is written: a text field bound to `inputText`, a
// Combine debounce that tokenizes only the text the user stopped at, and an encoder whose cache is
// GPTEncoder's `AtomicDict`: a dictionary written in barrier blocks of its own concurrent queue and
// read through `sync` on it. Two audit findings were false here: the cache's write "races with the
// main thread's reads" (every read waits on the queue), and two quick texts tokenized once "lost
// an update" (the debounce is the screen's design). The twin's cache is a plain dictionary written
// on a global queue, which does race.
import Foundation
import OpenCombine
import OpenCombineDispatch
import Scenario

/// GPTEncoder's `AtomicDict`: reads wait on the queue (`sync`), writes are its barrier blocks.
// Of strings only: GPTEncoder's is generic, and its keys and values are strings.
final class AtomicDict: @unchecked Sendable {
  // Unchecked as GPTEncoder's is: the queue is the lock, which is what the fixture shows.
  private var dictStorage = [String: String]()
  private let queue = DispatchQueue(label: "com.swiftgptencoder.atomic", qos: .utility, attributes: .concurrent)

  var count: Int { queue.sync { dictStorage.count } }

  subscript(key: String) -> String? {
    get { queue.sync { dictStorage[key] } }
    set { queue.async(flags: .barrier) { [weak self] in self?.dictStorage[key] = newValue } }
  }
}

/// The twin's cache: the same writes on a global queue, with no lock at all.
final class PlainCache: @unchecked Sendable {
  // Unchecked on purpose: the unguarded write is the twin's bug.
  private var storage = [String: String]()
  var count: Int { storage.count }

  subscript(key: String) -> String? {
    get { storage[key] }
    set { DispatchQueue.global().async { self.storage[key] = newValue } }
  }
}

/// GPTEncoder's encoder: each word's tokens cached by the word.
final class WordEncoder: @unchecked Sendable {
  // Unchecked: its only state is the cache, which guards itself (or, in the twin, does not).
  let cache = AtomicDict()
  let plain = PlainCache()
  let guarded: Bool

  init(guarded: Bool) { self.guarded = guarded }

  func encode(_ text: String) -> [String] {
    let words = text.split(separator: " ").map(String.init)
    for word in words where (guarded ? cache[word] : plain[word]) == nil {
      let tokens = word.map { String($0.asciiValue ?? 0) }.joined(separator: ",")
      if guarded { cache[word] = tokens } else { plain[word] = tokens }
    }
    return words
  }
}

/// ChatGPTSwiftUI's `TokenizerViewModel`: the text the user typed, tokenized 0.3 s after they stop.
@MainActor
final class TokenizerViewModel: ObservableObject {
  @Published var inputText = ""
  @Published var tokens: [String] = []
  let tokenizer: WordEncoder
  private var subscriptions = Set<AnyCancellable>()

  init(guarded: Bool) {
    tokenizer = WordEncoder(guarded: guarded)
    $inputText
      .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main.ocombine)
      .sink { [weak self] text in self?.tokenize(text) }
      .store(in: &subscriptions)
  }

  func tokenize(_ text: String) {
    tokens = tokenizer.encode(text)
  }
}

let tokenizer = ModelDefinition("tokenizer", summary: "a debounced tokenizer whose cache is an AtomicDict") { _ in
  TokenizerViewModel(guarded: true)
} describe: { model in
  model.property("inputText", \.inputText)
}

let unguardedTokenizer = ModelDefinition("unguarded-tokenizer", summary: "the same tokenizer, its cache written on a global queue with no lock") { _ in
  TokenizerViewModel(guarded: false)
} describe: { model in
  model.property("inputText", \.inputText)
}
