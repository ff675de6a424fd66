/// The cases of a `Decodable` action enum as the command line sees them: one action per case,
/// one parameter per associated value, and a way to build the case from bound arguments.
struct ActionCases<Action: Decodable> {
  struct Case {
    var name: String
    /// What the decoder is answered with: `name` unless the enum's `CodingKeys` rename it.
    var codedName: String
    var parameters: [Parameter]
    /// `search(word: String, page: Int?)`, for `describe`.
    var signature: String
  }

  var cases: [Case]

  /// Reads the cases of `Action`, or says why it cannot.
  init() throws(ScenarioError) {
    let typeName = String(reflecting: Action.self)
    let keyType: any CodingKey.Type
    do {
      _ = try Action(from: ActionDecoder(mode: .discover, caseName: ""))
      throw ScenarioError(.actionEnumUnreadable(problem: "`\(typeName)` did not ask for its coding keys"))
    } catch let discovered as ActionDecoder.Discovered {
      keyType = discovered.keyType
    } catch let error as ScenarioError {
      throw error
    } catch {
      throw ScenarioError(.actionEnumUnreadable(problem: "`\(typeName)` could not be read: \(error)"))
    }
    guard let keyNames = Self.names(keyType) else {
      throw ScenarioError(.actionEnumUnreadable(problem: "the coding keys of `\(typeName)` are not an enum of case names"))
    }
    var cases: [Case] = []
    for name in keyNames.names {
      let codedName = keyNames.coded(name)
      let decoder = ActionDecoder(mode: .probe, caseName: codedName)
      do {
        _ = try Action(from: decoder)
      } catch let unsupported as ActionDecoder.UnsupportedPayload {
        throw ScenarioError(
          .unwritablePayload(action: "\(typeName).\(name)", field: unsupported.field, type: Self.typeName(unsupported.type)))
      } catch {
        throw ScenarioError(.actionEnumUnreadable(problem: "`\(typeName).\(name)` could not be read: \(error)"))
      }
      let parameters = decoder.probe.fields.map { field in
        Parameter(field.name, field.valueType, default: field.optional ? .null : nil)
      }
      let labels = decoder.probe.fields.map { field in
        (field.name.hasPrefix("_") ? "" : field.name + ": ") + Self.typeName(field.type) + (field.optional ? "?" : "")
      }
      cases.append(Case(
        name: name, codedName: codedName, parameters: parameters,
        signature: name + (labels.isEmpty ? "" : "(" + labels.joined(separator: ", ") + ")")))
    }
    self.cases = cases
  }

  /// Builds the case `name` from its bound arguments.
  func make(_ name: String, _ arguments: Arguments) throws(ScenarioError) -> Action {
    do {
      let codedName = cases.first { $0.name == name }?.codedName ?? name
      return try Action(from: ActionDecoder(mode: .decode(arguments), caseName: codedName))
    } catch let misfit as ActionDecoder.DoesNotFit {
      throw ScenarioError(.doesNotFit(field: misfit.field, value: "\(misfit.value)", type: Self.typeName(misfit.type)))
    } catch {
      throw ScenarioError(.actionNotMade(action: "\(String(reflecting: Action.self)).\(name)", error: "\(error)"))
    }
  }

  /// Opens the existential key type for `CodingKeyNames`.
  private static func names<Key: CodingKey>(_ type: Key.Type) -> CodingKeyNames? {
    CodingKeyNames(type)
  }


  private static func typeName(_ type: Any.Type) -> String {
    if let list = type as? any PayloadList.Type { return "[" + typeName(list.elementType) + "]" }
    return String(describing: type)
  }
}
