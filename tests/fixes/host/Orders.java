import com.datastax.oss.driver.api.core.CqlSession;

class Orders {
  private final CqlSession session;

  Orders(CqlSession session) { this.session = session; }

  void byCustomer(Object id) {
    // One literal: the clause goes.
    session.execute("SELECT * FROM shop.orders WHERE customer_id = ? ALLOW FILTERING", id);
    // Concatenated: the clause is in the second literal, so it goes from there.
    session.execute("SELECT * FROM shop.orders WHERE customer_id = ? "
        + "ALLOW FILTERING", id);
    // Split across the concatenation: no edit (the range is not one text).
    session.execute("SELECT * FROM shop.orders WHERE customer_id = ? ALLOW "
        + "FILTERING", id);
    // An escape inside the clause's range: no edit.
    session.execute("SELECT * FROM shop.orders WHERE customer_id = ? ALLOW\u0020FILTERING", id);
    // A misspelled column (an unsafe fix) in a plain literal.
    session.execute("SELECT totl FROM shop.orders WHERE customer_id = ?", id);
  }
}
