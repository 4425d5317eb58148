from cassandra.cluster import Cluster

session = Cluster().connect()


def by_customer(customer_id):
    session.execute("SELECT * FROM shop.orders WHERE customer_id = %s ALLOW FILTERING", (customer_id,))
    session.execute(f"SELECT * FROM shop.orders WHERE customer_id = {customer_id!r} ALLOW FILTERING")
