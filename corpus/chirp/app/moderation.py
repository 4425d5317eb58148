"""Chirp's moderation worker (Python, cassandra-driver)."""
from cassandra.cluster import Cluster
from cassandra.query import SimpleStatement

REPORTS = "chirp.reports_by_status"
MEMBERS = "chirp.channel_members"

session = Cluster(["127.0.0.1"]).connect("chirp")


def open_reports(limit=100):
    # Clean: one status partition, bounded.
    return session.execute(
        f"SELECT report_id, reporter_id, reason FROM {REPORTS} "
        "WHERE status = 'open' LIMIT %s",
        (limit,),
    )


def reports_by(reporter_id):
    # The reporter is not part of the key: every partition is read.
    query = "SELECT report_id, reason FROM %s WHERE reporter_id = %%s" % REPORTS
    return session.execute(query, (reporter_id,))


def moderators(channel_id):
    # Clean: the SAI index on role, inside one channel partition.
    return session.execute(
        "SELECT user_id FROM " + MEMBERS + " WHERE channel_id = %s AND role = 'moderator'",
        (channel_id,),
    )


def close_report(report_id):
    # The status is missing from the key: Cassandra rejects this UPDATE.
    session.execute(
        SimpleStatement("UPDATE chirp.reports_by_status SET reason = 'closed' WHERE report_id = %s"),
        (report_id,),
    )


def clear_tags(channel_id, user_id):
    # Writing null to a collection creates a tombstone.
    session.execute(
        """
        UPDATE chirp.channel_members SET tags = null
        WHERE channel_id = %s AND user_id = %s
        """,
        (channel_id, user_id),
    )
