import Testing

/// Every case of the article's design, run under the deterministic executor: each trace is
/// `virtual-time event`, so the order and the instant of every start, end and cancel are checked.
@Suite("TaskEffectHandler and Effect")
struct TaskEffectHandlerTests {
  @Test("`.none`: onCompletion runs before it returns, completion returns at once")
  func none() async throws {
    let result = try await Probe.run("none")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s onCompletion called
        0.000s onCompletion returned; isCancelled=false
        0.000s none completion returned
        """ + "\n")
  }

  @Test("completion returns when the operation has finished")
  func completion() async throws {
    let result = try await Probe.run("completion")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s isConnected=true
        0.000s tap started
        2.000s tap finished
        2.000s tap completion returned
        """ + "\n")
  }

  @Test("cancelling one effect stops that operation and leaves the others running")
  func cancelOne() async throws {
    let result = try await Probe.run("cancel-one")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s first started
        0.000s second started
        1.000s first.cancel(); first.isCancelled=true second.isCancelled=false
        1.000s first cancelled
        1.000s first completion returned
        2.000s second finished
        2.000s second completion returned
        2.000s isConnected=true
        """ + "\n")
  }

  @Test("cancelling the task that awaits completion cancels the operation")
  func cancelWaiter() async throws {
    let result = try await Probe.run("cancel-waiter")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s tap started
        1.000s waiter cancelled
        1.000s tap cancelled
        1.000s tap completion returned
        """ + "\n")
  }

  @Test("cancelling connect() cancels every operation in flight; later actions run unconnected with the warning")
  func disconnect() async throws {
    let result = try await Probe.run("disconnect")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s first started
        1.000s second started
        1.500s connection cancelled
        1.500s first cancelled
        1.500s second cancelled
        1.500s connect returned
        1.500s first completion returned
        1.500s second completion returned
        1.500s isConnected=false first.isCancelled=true second.isCancelled=true
        1.500s warning: adding tasks before connecting
        1.500s late started
        3.500s late finished
        3.500s late completion returned
        """ + "\n")
  }

  @Test("an action added before connect() runs anyway, with the article's warning")
  func unconnected() async throws {
    let result = try await Probe.run("unconnected")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s warning: adding tasks before connecting
        0.000s early started
        2.000s early finished
        2.000s early completion returned
        """ + "\n")
  }

  @Test("a second connect() finishes the first stream; the first lets its operation end")
  func secondConnect() async throws {
    let result = try await Probe.run("second-connect")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s a started
        1.000s b started
        2.000s a finished
        2.000s first connect returned
        2.500s isConnected=true
        2.500s second connection cancelled
        2.500s b cancelled
        2.500s second connect returned
        2.500s isConnected=false
        """ + "\n")
  }

  @Test("an action added as connect() ends never starts, and its effect still completes")
  func addedWhileDisconnecting() async throws {
    let result = try await Probe.run("added-while-disconnecting")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s warning: the connection ended before the action could start; it did not run
        0.000s connect returned
        0.000s tap completion returned
        """ + "\n")
  }

  @Test("onCompletion runs on the caller's actor once the operation has finished")
  func onCompletion() async throws {
    let result = try await Probe.run("on-completion")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s onCompletion returned
        0.000s tap started
        2.000s tap finished
        2.000s onCompletion called on the main actor
        """ + "\n")
  }
}
