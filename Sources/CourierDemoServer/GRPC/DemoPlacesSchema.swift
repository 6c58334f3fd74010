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
        "b3RvYnVmLldlbGxLbm93blR5cGVzYgZwcm90bzMKpQYKDHBsYWNlcy5wcm90bxIMY291cmllci5kZW1vGh5nb29nbGUvcHJvdG9i",
        "dWYvZHVyYXRpb24ucHJvdG8iQQoFUG9pbnQSGgoIbGF0aXR1ZGUYASABKAVSCGxhdGl0dWRlEhwKCWxvbmdpdHVkZRgCIAEoBVIJ",
        "bG9uZ2l0dWRlIosBCgRBcmVhEiUKA2xvdxgBIAEoCzITLmNvdXJpZXIuZGVtby5Qb2ludFIDbG93EicKBGhpZ2gYAiABKAsyEy5j",
        "b3VyaWVyLmRlbW8uUG9pbnRSBGhpZ2gSFAoFbGltaXQYAyABKAVSBWxpbWl0Eh0KCnBlcl9zZWNvbmQYBCABKAVSCXBlclNlY29u",
        "ZCJMCgVQbGFjZRISCgRuYW1lGAEgASgJUgRuYW1lEi8KCGxvY2F0aW9uGAIgASgLMhMuY291cmllci5kZW1vLlBvaW50Ughsb2Nh",
        "dGlvbiJ/CgtUcmlwU3VtbWFyeRIfCgtwb2ludF9jb3VudBgBIAEoBVIKcG9pbnRDb3VudBIaCghkaXN0YW5jZRgCIAEoA1IIZGlz",
        "dGFuY2USMwoHZWxhcHNlZBgDIAEoCzIZLmdvb2dsZS5wcm90b2J1Zi5EdXJhdGlvblIHZWxhcHNlZCJRCgROb3RlEi8KCGxvY2F0",
        "aW9uGAEgASgLMhMuY291cmllci5kZW1vLlBvaW50Ughsb2NhdGlvbhIYCgdtZXNzYWdlGAIgASgJUgdtZXNzYWdlMusBCgZQbGFj",
        "ZXMSNAoIR2V0UGxhY2USEy5jb3VyaWVyLmRlbW8uUG9pbnQaEy5jb3VyaWVyLmRlbW8uUGxhY2USNwoKTGlzdFBsYWNlcxISLmNv",
        "dXJpZXIuZGVtby5BcmVhGhMuY291cmllci5kZW1vLlBsYWNlMAESPgoKUmVjb3JkVHJpcBITLmNvdXJpZXIuZGVtby5Qb2ludBoZ",
        "LmNvdXJpZXIuZGVtby5UcmlwU3VtbWFyeSgBEjIKBENoYXQSEi5jb3VyaWVyLmRlbW8uTm90ZRoSLmNvdXJpZXIuZGVtby5Ob3Rl",
        "KAEwAWIGcHJvdG8z",
    ].joined())!
}
#endif
