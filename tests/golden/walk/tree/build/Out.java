class Out {}
