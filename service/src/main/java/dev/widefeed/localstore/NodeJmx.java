package dev.widefeed.localstore;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * What a running Cassandra node says of the ring over JMX, as {@code nodetool status} shows it: its own mode and
 * which nodes it sees up and which joining, leaving or moving. A node counts as "UN" (up, normal) for the launcher
 * only once the other nodes say so, because Cassandra refuses a node joining while another still does, and the
 * driver routes to a node only once it is seen up. Read with plain JMX: no Cassandra class is on our classpath.
 */
final class NodeJmx {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** An RMI connect has no timeout of its own, and a node still starting may accept and not answer. */
    private static final ExecutorService READERS = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "cassandra-jmx-probe");
        thread.setDaemon(true);
        return thread;
    });

    /** One node's view of the ring: addresses without ports ("127.0.0.2"). */
    record RingView(
            String operationMode, List<String> live, List<String> joining, List<String> leaving, List<String> moving) {

        boolean normal() {
            return "NORMAL".equals(operationMode);
        }

        /** Whether this view has {@code host} up and normal ("UN"). */
        boolean seesUpAndNormal(String host) {
            return live.contains(host) && !joining.contains(host) && !leaving.contains(host) && !moving.contains(host);
        }
    }

    private NodeJmx() {}

    /** The node's view, or empty when its JMX does not answer within a few seconds (it is down or starting). */
    static Optional<RingView> read(int port) {
        if (!Ports.isListening(CassandraNode.JMX_HOST, port)) {
            return Optional.empty();
        }
        CompletableFuture<RingView> reading = CompletableFuture.supplyAsync(() -> readNow(port), READERS);
        try {
            return Optional.of(reading.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (Exception e) {
            reading.cancel(true);
            return Optional.empty();
        }
    }

    private static RingView readNow(int port) {
        return withServer(port, server -> {
            ObjectName storageService = new ObjectName(STORAGE_SERVICE);
            return new RingView(
                    String.valueOf(server.getAttribute(storageService, "OperationMode")),
                    hosts(server.getAttribute(storageService, "LiveNodes")),
                    hosts(server.getAttribute(storageService, "JoiningNodes")),
                    hosts(server.getAttribute(storageService, "LeavingNodes")),
                    hosts(server.getAttribute(storageService, "MovingNodes")));
        });
    }

    /** One call to the node's JMX, as nodetool makes it; no timeout but the call's own (a snapshot flushes). */
    interface JmxCall<T> {
        T call(MBeanServerConnection server) throws Exception;
    }

    static final String STORAGE_SERVICE = "org.apache.cassandra.db:type=StorageService";

    static <T> T withServer(int port, JmxCall<T> call) {
        JMXServiceURL url;
        try {
            url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + CassandraNode.JMX_HOST + ":" + port + "/jmxrmi");
        } catch (java.net.MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
        // BanJNDI: the JNDI name is of our own child Cassandra's JMX, on the loopback address, not a name from input.
        try (@SuppressWarnings("BanJNDI")
                JMXConnector connector = JMXConnectorFactory.connect(url)) {
            return call.call(connector.getMBeanServerConnection());
        } catch (Exception e) {
            throw new IllegalStateException("JMX of the Cassandra node at " + url + ": " + e, e);
        }
    }

    /** Addresses as Cassandra lists them ("127.0.0.2", "/127.0.0.2" or "127.0.0.2:7000"), without slash or port. */
    static List<String> hosts(Object attribute) {
        if (!(attribute instanceof Collection<?> values)) {
            return List.of();
        }
        return values.stream()
                .map(String::valueOf)
                .map(address -> address.startsWith("/") ? address.substring(1) : address)
                .map(address -> address.contains(":") ? address.substring(0, address.lastIndexOf(':')) : address)
                .toList();
    }
}
