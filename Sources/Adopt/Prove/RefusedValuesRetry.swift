/// The one retry of the empty values the compiler refused on the way to a package that builds:
/// a value refused in an intermediate round's state is tried again once everything else builds.
extension Mending {
  /// The empty values (`EmptyValues`) the compiler refused: stand-ins' members by path, and
  /// compiled files' body seams by path and body.
  struct RefusedValues: Sendable, Equatable {
    var standInMembers: [String: Set<String>] = [:]
    var bodySeams: [String: Set<Range<Int>>] = [:]

    var count: Int { standInMembers.values.reduce(0) { $0 + $1.count } + bodySeams.values.reduce(0) { $0 + $1.count } }
  }

  /// Where the one retry of refused values stands (`retryRefusedValues`).
  enum Retry: Sendable, Equatable {
    /// Not tried: the package has not built yet.
    case notYet
    /// Tried, and the package not built since: `values` were refused before.
    case building(RefusedValues)
    /// Over: nothing to try, or every refusal restored.
    case done
  }

  /// The empty values the compiler refused so far.
  var refusedValues: RefusedValues {
    var refused = RefusedValues()
    for (path, repair) in standInRepairs where !repair.unfilledMembers.isEmpty { refused.standInMembers[path] = repair.unfilledMembers }
    for (path, members) in droppedMembers {
      let bodies = Set(members.filter { $0.seam?.emptyRefused == true }.map(\.range))
      if !bodies.isEmpty { refused.bodySeams[path] = bodies }
    }
    return refused
  }

  /// Once the package builds, tries again every empty value the compiler refused in an earlier
  /// round, once: a value refused while a type it makes was not yet stood in, or a module it
  /// needs did not build, compiles in the final package (element-x's `SpaceRoomListProxyMock.
  /// spaceServiceRoomPublisher`, a `CurrentValuePublisher` of `SpaceServiceRoom(...)`, refused in
  /// an intermediate round, left `spaceScreen`'s starter trapping unanswered). How many values
  /// it tries; 0 when there is none, or the retry was made already.
  mutating func retryRefusedValues() -> Int {
    guard retry == .notYet else { return 0 }
    let refused = refusedValues
    guard refused.count > 0 else {
      retry = .done
      return 0
    }
    refusalsBeforeRetry = (standInRepairs, droppedMembers)
    for path in refused.standInMembers.keys { standInRepairs[path]?.unfilledMembers = [] }
    for (path, bodies) in refused.bodySeams {
      guard var members = droppedMembers[path] else { continue }
      for position in members.indices where bodies.contains(members[position].range) {
        members[position].seam?.emptyRefused = false
      }
      droppedMembers[path] = members
    }
    retry = .building(refused)
    return refused.count
  }

  /// Reads a build after the retry failing with `rejections`: where each is of a value tried
  /// again, the normal mending refuses those again (a module's errors hide its dependents', so
  /// that takes a build per layer of modules: element-x's 51 took 8, of 2 to 118 s); any other
  /// error (the values changed what else compiles) restores every refusal as it was before the
  /// retry, which built, so that no file or member is lost to it. Whether the refusals were
  /// restored.
  mutating func readRetryFailure(_ rejections: [PackageBuild.Rejection], adoption: Adoption, standIns: StandInFiles) -> Bool {
    guard case .building(let tried) = retry else { return false }
    let ofTriedValues = !rejections.isEmpty && rejections.allSatisfy { rejection in
      guard let path = rejection.path else { return false }
      if rejection.isStandIn {
        guard let member = standIns.files.first(where: { $0.appPath == path })?.generated.member(atLine: rejection.line) else { return false }
        return tried.standInMembers[path]?.contains(member) == true
      }
      return adoption.droppedMembers[path]?.contains { member in
        tried.bodySeams[path]?.contains(member.range) == true && member.seam?.empty != nil
          && (member.firstLine...member.lastLine).contains(rejection.line)
      } == true
    }
    guard !ofTriedValues, let before = refusalsBeforeRetry else { return false }
    retry = .done
    standInRepairs = before.standIns
    droppedMembers = before.members
    return true
  }
}
