// Chirp's discussion threads, on DynamoDB (AWS SDK for JavaScript v3,
// document client: native values).
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  ScanCommand,
} from "@aws-sdk/lib-dynamodb";

const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const THREADS = "chirp-threads";

// Good: the LSI keeps a channel's threads ordered by their last reply.
export async function latestThreads(channelId: string) {
  const out = await ddb.send(
    new QueryCommand({
      TableName: THREADS,
      IndexName: "byLastReply",
      KeyConditionExpression: "channelId = :c",
      ExpressionAttributeValues: { ":c": channelId },
      ScanIndexForward: false,
      Limit: 20,
    }),
  );
  return out.Items ?? [];
}

// No key or index has the author: every thread of every channel is read.
export async function threadsBy(authorId: string) {
  const out = await ddb.send(
    new ScanCommand({
      TableName: THREADS,
      FilterExpression: "authorId = :a",
      ExpressionAttributeValues: { ":a": authorId },
    }),
  );
  return out.Items ?? [];
}

// Good: one item by its full key.
export async function thread(channelId: string, threadId: string) {
  const out = await ddb.send(
    new GetCommand({ TableName: THREADS, Key: { channelId, threadId } }),
  );
  return out.Item;
}
