"""Python's protobuf as the oracle for Courier's dynamic codec: `python proto_oracle.py SET TYPE`
reads JSON lines on stdin — {"json": {...}} or {"binary": "HEX"} — and answers each with one
line {"binary": "HEX", "json": {...}} (or {"error": "..."}), by the descriptor set SET:
json_format.Parse then SerializeToString, or ParseFromString then MessageToDict.
"""
import json
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory


def main():
    descriptor_set = descriptor_pb2.FileDescriptorSet()
    with open(sys.argv[1], "rb") as handle:
        descriptor_set.ParseFromString(handle.read())
    pool = descriptor_pool.DescriptorPool()
    for file in descriptor_set.file:
        pool.Add(file)
    message_class = message_factory.GetMessageClass(pool.FindMessageTypeByName(sys.argv[2]))
    for line in sys.stdin:
        request = json.loads(line)
        message = message_class()
        try:
            if "json" in request:
                json_format.ParseDict(request["json"], message, descriptor_pool=pool)
            else:
                message.ParseFromString(bytes.fromhex(request["binary"]))
            answer = {"binary": message.SerializeToString(deterministic=True).hex(),
                      "json": json_format.MessageToDict(message, descriptor_pool=pool)}
        except Exception as error:  # the oracle says why, the test decides
            answer = {"error": str(error)}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
