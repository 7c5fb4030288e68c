package dev.widefeed.store.hbase;

import dev.widefeed.localstore.LocalHBase;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;

import java.io.IOException;

/**
 * Namespaces of their own for the HBase tests, dropped afterwards: the test HBase keeps its data
 * between runs, and every table left behind would be reassigned at each start.
 */
final class TestNamespaces {
    private TestNamespaces() {
    }

    static String unique(String prefix) {
        return prefix + "_" + Long.toString(System.currentTimeMillis(), 36);
    }

    static HBaseFactory factory(LocalHBase hbase, String namespace) {
        HBaseFactory factory = new HBaseFactory();
        factory.embedded.enabled = false;
        factory.namespace = namespace;
        factory.zookeeperQuorum = hbase.zookeeperQuorum() + ":" + hbase.zookeeperPort();
        return factory;
    }

    static void drop(Connection connection, String namespace) throws IOException {
        try (Admin admin = connection.getAdmin()) {
            for (TableName table : admin.listTableNamesByNamespace(namespace)) {
                admin.disableTable(table);
                admin.deleteTable(table);
            }
            admin.deleteNamespace(namespace);
        }
    }
}
