// Chirp's message store (Java, DataStax driver 4). `make run` analyzes it.
package chirp.messages;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.LocalDate;
import java.util.UUID;

public final class MessageRepository {
  private static final String KEYSPACE = "chirp";
  private static final String MESSAGES = "chirp.messages_by_channel";
  private static final String COUNTS = "chirp.message_counts";

  private final CqlSession session;
  private final PreparedStatement timeline;

  public MessageRepository(CqlSession session) {
    this.session = session;
    // Clean: one partition (channel and day bucket), newest first, paged.
    this.timeline = session.prepare(
        "SELECT sent_at, author_id, body FROM " + MESSAGES
            + " WHERE channel_id = ? AND bucket = ? LIMIT 50");
  }

  public ResultSet timeline(UUID channel, LocalDate day) {
    return session.execute(timeline.bind(channel, day));
  }

  /** Clean: a counter update pins its whole key. */
  public void countMessage(UUID channel) {
    session.execute(SimpleStatement.newInstance(
        "UPDATE " + COUNTS + " SET messages = messages + 1 WHERE channel_id = ?", channel));
  }

  /** Moderation search: reads every partition of the message table. */
  public ResultSet searchByAuthor(UUID author) {
    return session.execute(SimpleStatement.newInstance(
        "SELECT channel_id, body FROM " + MESSAGES + " WHERE author_id = ? ALLOW FILTERING",
        author));
  }

  /** Channel export: the whole channel, every bucket, in one query. */
  public ResultSet export(UUID channel) {
    String cql = """
        SELECT sent_at, body
        FROM chirp.messages_by_channel
        WHERE channel_id = ?
        """;
    return session.execute(cql, channel);
  }

  /** Retention job: deletes one message; the partition key is complete. */
  public void delete(UUID channel, LocalDate day, UUID sentAt) {
    session.execute(String.format(
        "DELETE FROM %s.messages_by_channel WHERE channel_id = ? AND bucket = ? AND sent_at = ?",
        KEYSPACE), channel, day, sentAt);
  }
}
