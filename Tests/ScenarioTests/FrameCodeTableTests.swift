import Testing

@testable import Simulation

@Suite("Frame code table")
struct FrameCodeTableTests {
  @Test("answers as a dictionary does, across growth, overwrites and clustered addresses")
  func agreesWithDictionary() {
    let codes: [CodeNames.FrameCode] = [.program, .runtime, .sleep(entry: true), .sleep(entry: false)]
    var table = FrameCodeTable()
    var reference: [UInt: Int] = [:]
    var seed: UInt = 0x1234_5678
    for step in 0..<5_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Code addresses cluster: half of them a few bytes apart in one function.
      let address = step % 2 == 0 ? 0x5555_0000 + UInt(step % 97) * 4 : (seed >> 16) | 1
      table[address] = codes[step % codes.count]
      reference[address] = step % codes.count
    }
    for (address, index) in reference { #expect(table[address].map(String.init(describing:)) == String(describing: codes[index])) }
    #expect(table[0x7777_0001] == nil)
    table[0] = .program
    #expect(table[0] == nil)
  }
}
