package dev.widefeed.drills.harness;

import java.io.IOException;

/** A signal to a process, as an operator sends it: {@code kill -STOP}, {@code kill -CONT}. */
public final class Signals {
    private Signals() {}

    public static void send(String signal, long pid) throws IOException, InterruptedException {
        int exit = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid))
                .inheritIO()
                .start()
                .waitFor();
        if (exit != 0) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " exited with " + exit);
        }
    }
}
