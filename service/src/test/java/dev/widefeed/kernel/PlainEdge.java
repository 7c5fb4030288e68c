package dev.widefeed.kernel;

import java.time.Instant;

/** The smallest {@link VersionedEdge}: the kernel's rules without a feature's ids. */
record PlainEdge(boolean on, Instant since, long version) implements VersionedEdge<PlainEdge> {
    static final PlainEdge ABSENT = new PlainEdge(false, null, 0);

    @Override
    public PlainEdge with(boolean on, Instant since, long version) {
        return new PlainEdge(on, since, version);
    }
}
