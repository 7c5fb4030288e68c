package dev.widefeed.localstore;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A listening port is how we tell "a store is already running here" from "start one", and, after a failed start,
 * whether another process held a port the child needed.
 */
final class Ports {

    private static final int CONNECT_TIMEOUT_MS = 500;

    private Ports() {}

    static boolean isListening(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
