package dev.widefeed.http;

import dev.widefeed.api.ErrorView;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipException;

/**
 * Caps request bodies at {@code maxBytes}: a declared Content-Length over the cap is refused before
 * reading; a body without one (chunked, or inflated from gzip) is counted as it is read and refused
 * as soon as it passes the cap. Either way the answer is 413 and nothing is written. A compressed
 * body that does not inflate (Jetty inflates as it is read) is 400, not an error of ours.
 */
public final class BodyLimit implements ContainerRequestFilter, ReaderInterceptor {
    private final long maxBytes;

    public BodyLimit(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (request.getLength() > maxBytes) {
            throw tooLarge();
        }
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        context.setInputStream(new CountingStream(context.getInputStream()));
        return context.proceed();
    }

    private WebApplicationException tooLarge() {
        return error(413, "the request body is larger than " + maxBytes + " bytes");
    }

    private static WebApplicationException error(int status, String message) {
        return new WebApplicationException(Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorView(status, message))
                .build());
    }

    private static WebApplicationException notInflatable() {
        return error(400, "the request body is not valid for its Content-Encoding");
    }

    /** One read of the (possibly inflating) request stream. */
    @FunctionalInterface
    private interface Read {
        int read() throws IOException;
    }

    /** The read's result; a body that does not inflate is the client's error (400), not ours. */
    private static int inflating(Read read) throws IOException {
        try {
            return read.read();
        } catch (ZipException e) {
            throw notInflatable();
        } catch (RuntimeException e) { // Jetty's inflater wraps its ZipException
            throw e.getCause() instanceof ZipException ? notInflatable() : e;
        }
    }

    private final class CountingStream extends FilterInputStream {
        private long read;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = inflating(super::read);
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = inflating(() -> super.read(buffer, offset, length));
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) {
            read += n;
            if (read > maxBytes) {
                throw tooLarge();
            }
        }
    }
}
