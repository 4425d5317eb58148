from cassandra.cluster import Cluster

session = Cluster().connect()
session.execute("SELECT * FROM shop.orders WHERE note = 'x' ALLOW FILTERING")
