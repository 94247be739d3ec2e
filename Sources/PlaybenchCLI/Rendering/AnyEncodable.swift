/// A value of any encodable type, so that values whose types only their game knows encode
/// together as one JSON array.
struct AnyEncodable: Encodable {
    var value: any Encodable

    init(_ value: any Encodable) { self.value = value }

    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
