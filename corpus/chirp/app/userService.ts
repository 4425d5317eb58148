// Chirp's user service (TypeScript, cassandra-driver for Node.js).
import { Client, types } from 'cassandra-driver';

const USERS = 'chirp.users';
const BY_EMAIL = 'chirp.users_by_email';

export class UserService {
  constructor(private readonly client: Client) {}

  // Clean: one partition, one row.
  async byId(id: types.Uuid) {
    return this.client.execute(`SELECT user_id, name, country FROM ${USERS} WHERE user_id = ?`, [id], { prepare: true });
  }

  // Clean: the lookup table keyed by email.
  async byEmail(email: string) {
    return this.client.execute(`SELECT user_id FROM ${BY_EMAIL} WHERE email = ?`, [email], { prepare: true });
  }

  // Admin dashboard: counts every row of the table.
  async total() {
    return this.client.execute(`SELECT COUNT(*) FROM ${USERS}`);
  }

  // Search by display name: not a key, not indexed.
  async byName(name: string) {
    return this.client.execute(`SELECT user_id FROM ${USERS} WHERE name = '${name}'`);
  }

  // Sign-up writes both tables in one logged batch: same-user atomicity. Clean.
  async create(id: types.Uuid, email: string, name: string) {
    const queries = [
      { query: `INSERT INTO ${USERS} (user_id, email, name) VALUES (?, ?, ?)`, params: [id, email, name] },
      { query: `INSERT INTO ${BY_EMAIL} (email, user_id) VALUES (?, ?)`, params: [email, id] },
    ];
    return this.client.batch(queries, { prepare: true });
  }
}
