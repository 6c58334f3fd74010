#if GRPC
import Foundation

/// The demo's gRPC service's schema: Tests/Fixtures/grpc/places.proto (`courier.demo.Places`,
/// shared with the tests' grpcio server) and the `google/protobuf/duration.proto` it imports,
/// as a descriptor set — what its reflection serves and its messages are encoded by. Made with
/// `protoc --include_imports --descriptor_set_out=places.pb -I Tests/Fixtures/grpc -I /usr/include
/// Tests/Fixtures/grpc/places.proto | base64`; DemoGRPCTests checks it is that file's.
enum DemoPlacesSchema {
    static let descriptorSet = Data(base64Encoded: [
        "CvsBCh5nb29nbGUvcHJvdG9idWYvZHVyYXRpb24ucHJvdG8SD2dvb2dsZS5wcm90b2J1ZiI6CghEdXJhdGlvbhIYCgdzZWNvbmRz",
        "GAEgASgDUgdzZWNvbmRzEhQKBW5hbm9zGAIgASgFUgVuYW5vc0KDAQoTY29tLmdvb2dsZS5wcm90b2J1ZkINRHVyYXRpb25Qcm90",
        "b1ABWjFnb29nbGUuZ29sYW5nLm9yZy9wcm90b2J1Zi90eXBlcy9rbm93bi9kdXJhdGlvbnBi+AEBogIDR1BCqgIeR29vZ2xlLlBy",
        "b3RvYnVmLldlbGxLbm93blR5cGVzYgZwcm90bzMKhQYKDHBsYWNlcy5wcm90bxIMY291cmllci5kZW1vGh5nb29nbGUvcHJvdG9i",
        "dWYvZHVyYXRpb24ucHJvdG8iQQoFUG9pbnQSGgoIbGF0aXR1ZGUYASABKAVSCGxhdGl0dWRlEhwKCWxvbmdpdHVkZRgCIAEoBVIJ",
        "bG9uZ2l0dWRlImwKBEFyZWESJQoDbG93GAEgASgLMhMuY291cmllci5kZW1vLlBvaW50UgNsb3cSJwoEaGlnaBgCIAEoCzITLmNv",
        "dXJpZXIuZGVtby5Qb2ludFIEaGlnaBIUCgVsaW1pdBgDIAEoBVIFbGltaXQiTAoFUGxhY2USEgoEbmFtZRgBIAEoCVIEbmFtZRIv",
        "Cghsb2NhdGlvbhgCIAEoCzITLmNvdXJpZXIuZGVtby5Qb2ludFIIbG9jYXRpb24ifwoLVHJpcFN1bW1hcnkSHwoLcG9pbnRfY291",
        "bnQYASABKAVSCnBvaW50Q291bnQSGgoIZGlzdGFuY2UYAiABKANSCGRpc3RhbmNlEjMKB2VsYXBzZWQYAyABKAsyGS5nb29nbGUu",
        "cHJvdG9idWYuRHVyYXRpb25SB2VsYXBzZWQiUQoETm90ZRIvCghsb2NhdGlvbhgBIAEoCzITLmNvdXJpZXIuZGVtby5Qb2ludFII",
        "bG9jYXRpb24SGAoHbWVzc2FnZRgCIAEoCVIHbWVzc2FnZTLrAQoGUGxhY2VzEjQKCEdldFBsYWNlEhMuY291cmllci5kZW1vLlBv",
        "aW50GhMuY291cmllci5kZW1vLlBsYWNlEjcKCkxpc3RQbGFjZXMSEi5jb3VyaWVyLmRlbW8uQXJlYRoTLmNvdXJpZXIuZGVtby5Q",
        "bGFjZTABEj4KClJlY29yZFRyaXASEy5jb3VyaWVyLmRlbW8uUG9pbnQaGS5jb3VyaWVyLmRlbW8uVHJpcFN1bW1hcnkoARIyCgRD",
        "aGF0EhIuY291cmllci5kZW1vLk5vdGUaEi5jb3VyaWVyLmRlbW8uTm90ZSgBMAFiBnByb3RvMw==",
    ].joined())!
}
#endif
