/// How an effect ended, or that it is still running: a word of the language (`expect #1 cancelled`).
package enum EffectStatus: String, CaseIterable, Equatable, Sendable {
  case running, finished, cancelled, failed
}
