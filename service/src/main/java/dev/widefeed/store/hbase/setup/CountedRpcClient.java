package dev.widefeed.store.hbase.setup;

import java.net.SocketAddress;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.MetricsConnection;
import org.apache.hadoop.hbase.ipc.NettyRpcClient;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.apache.hbase.thirdparty.com.google.protobuf.RpcChannel;

/**
 * HBase's own RPC client, counting every RPC this process sends a region server or the master, by method
 * ({@code Get}, {@code Multi}, {@code Scan}, {@code Mutate}, ...): what the store served, as a Cassandra session's
 * {@code cql-requests} counts statements. A multi-get is one RPC per region server it reaches, a scan one per batch
 * of rows. HBase's client metrics would count them too, but report through a class the service's metrics library no
 * longer has. Named by {@code hbase.rpc.client.impl}, so the connection makes it itself; the counts are this
 * process's, whatever connection sent them.
 */
public final class CountedRpcClient extends NettyRpcClient {
    private static final Map<String, LongAdder> BY_METHOD = new ConcurrentHashMap<>();
    private static final Map<String, LongAdder> BY_TABLE = new ConcurrentHashMap<>();
    private static final LongAdder TOTAL = new LongAdder();

    public CountedRpcClient(
            Configuration conf,
            String clusterId,
            SocketAddress localAddress,
            MetricsConnection metrics,
            Map<String, byte[]> connectionAttributes) {
        super(conf, clusterId, localAddress, metrics, connectionAttributes);
    }

    @Override
    public RpcChannel createRpcChannel(ServerName server, User user, int rpcTimeout) {
        RpcChannel channel = super.createRpcChannel(server, user, rpcTimeout);
        return (method, controller, request, responsePrototype, done) -> {
            TOTAL.increment();
            BY_METHOD.computeIfAbsent(method.getName(), m -> new LongAdder()).increment();
            BY_TABLE.computeIfAbsent(label(method.getName(), request), m -> new LongAdder())
                    .increment();
            channel.callMethod(method, controller, request, responsePrototype, done);
        };
    }

    /** RPCs sent since this process started. */
    public static long total() {
        return TOTAL.sum();
    }

    /**
     * RPCs sent since this process started, by method and the table of the region it went to ({@code Get posts},
     * {@code Multi likes_by_post}; a scan's later batches name no region: {@code Scan (next)}).
     */
    public static Map<String, Long> byMethodAndTable() {
        Map<String, Long> counts = new TreeMap<>();
        BY_TABLE.forEach((label, count) -> counts.put(label, count.sum()));
        return counts;
    }

    private static String label(String method, Message request) {
        HBaseProtos.RegionSpecifier region = null;
        if (request instanceof ClientProtos.GetRequest get) {
            region = get.getRegion();
        } else if (request instanceof ClientProtos.MutateRequest mutate) {
            region = mutate.getRegion();
        } else if (request instanceof ClientProtos.ScanRequest scan) {
            region = scan.hasRegion() ? scan.getRegion() : null;
            if (region == null) {
                return method + " (next)";
            }
        } else if (request instanceof ClientProtos.MultiRequest multi && multi.getRegionActionCount() > 0) {
            region = multi.getRegionAction(0).getRegion();
        }
        if (region == null || region.getType() != HBaseProtos.RegionSpecifier.RegionSpecifierType.REGION_NAME) {
            return method;
        }
        // A region's name starts with its table's: namespace:table,start key,...
        String name = region.getValue().toStringUtf8();
        int comma = name.indexOf(',');
        String table = comma < 0 ? name : name.substring(0, comma);
        int colon = table.indexOf(':');
        return method + " " + (colon < 0 ? table : table.substring(colon + 1));
    }

    /** RPCs sent since this process started, by method name. */
    public static Map<String, Long> byMethod() {
        Map<String, Long> counts = new TreeMap<>();
        BY_METHOD.forEach((method, count) -> counts.put(method, count.sum()));
        return counts;
    }
}
