package dev.widefeed.kernel;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** This process among others sharing a store: its host name and process id. */
public final class ProcessName {
    private ProcessName() {}

    /** {@code host/pid}; {@code localhost/pid} when the host name cannot be found. */
    public static String hostAndPid() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "localhost";
        }
        return host + "/" + ManagementFactory.getRuntimeMXBean().getPid();
    }
}
