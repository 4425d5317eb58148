"""Chirp's notification inbox and login sessions, on DynamoDB (boto3)."""
import os

import boto3
from boto3.dynamodb.conditions import Attr, Key

dynamodb = boto3.resource("dynamodb")
notifications = dynamodb.Table("chirp-notifications-prod")
sessions = dynamodb.Table("chirp-sessions")
client = boto3.client("dynamodb")


def recent(user_id, since):
    # Good: one partition, a sort-key range, one page.
    return notifications.query(
        KeyConditionExpression=Key("userId").eq(user_id) & Key("sentAt").gt(since),
        Limit=50,
    )["Items"]


def inbox(user_id):
    # Every notification the user ever got, newest last: the whole item
    # collection, paged through on every visit.
    return notifications.query(KeyConditionExpression=Key("userId").eq(user_id))["Items"]


def unread_everywhere():
    # Reads the whole table to find the unread ones.
    return notifications.scan(FilterExpression=Attr("status").eq("unread"))["Items"]


def channel_feed(channel_id):
    # byChannel is KEYS_ONLY: the body is not in the index.
    return client.query(
        TableName="chirp-notifications-prod",
        IndexName="byChannel",
        KeyConditionExpression="channelId = :c",
        ProjectionExpression="userId, body",
        ExpressionAttributeValues={":c": {"S": channel_id}},
        Limit=20,
    )["Items"]


def touch_session(session_id, now):
    # Good: one item by its key.
    sessions.update_item(
        Key={"sessionId": session_id},
        UpdateExpression="SET lastSeen = :now",
        ExpressionAttributeValues={":now": now},
    )


def sessions_of(user_id):
    # userId is no key of chirp-sessions: PartiQL turns this into a scan.
    return client.execute_statement(
        Statement='SELECT * FROM "chirp-sessions" WHERE userId = ?',
        Parameters=[{"S": user_id}],
    )["Items"]


def purge_demo_sessions():
    # One BatchWriteItem takes at most 25 requests.
    client.batch_write_item(RequestItems={"chirp-sessions": [
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-01"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-02"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-03"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-04"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-05"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-06"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-07"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-08"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-09"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-10"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-11"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-12"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-13"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-14"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-15"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-16"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-17"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-18"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-19"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-20"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-21"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-22"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-23"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-24"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-25"}}}},
        {"DeleteRequest": {"Key": {"sessionId": {"S": "demo-26"}}}},
    ]})


def audit_log():
    # The table name comes from the environment: only what holds for any
    # table is checked, and a Scan is a full scan whatever the table.
    audit = dynamodb.Table(os.environ["AUDIT_TABLE"])
    return audit.scan(Limit=100)["Items"]
