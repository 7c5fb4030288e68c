package dev.widefeed.store;

import dev.widefeed.export.TableScanStore;

/**
 * A storage that stands for another over the same connection: with its stores decorated (closing
 * it then closes nothing: the connection is its owner's), or with an embedded store to stop too.
 */
final class DerivedStorage implements Storage {
    private final Storage base;
    private final Stores stores;
    private final boolean closesBase;
    private final AutoCloseable embedded;

    private DerivedStorage(Storage base, Stores stores, boolean closesBase, AutoCloseable embedded) {
        this.base = base;
        this.stores = stores;
        this.closesBase = closesBase;
        this.embedded = embedded;
    }

    static Storage decorated(Storage base, Stores stores) {
        return new DerivedStorage(base, stores, false, null);
    }

    /** {@code base}, whose close also stops {@code embedded} (none: null). */
    static Storage stoppingAlso(Storage base, AutoCloseable embedded) {
        return new DerivedStorage(base, base.stores(), true, embedded);
    }

    @Override
    public String backend() {
        return base.backend();
    }

    @Override
    public Stores stores() {
        return stores;
    }

    @Override
    public void ping() {
        base.ping();
    }

    @Override
    public TableScanStore tableScans() {
        return base.tableScans();
    }

    @Override
    public void close() {
        if (!closesBase) {
            return;
        }
        try {
            base.close();
        } catch (RuntimeException | Error e) {
            try {
                stopEmbedded();
            } catch (RuntimeException stopFailed) {
                e.addSuppressed(stopFailed); // not thrown instead: the base's failure came first
            }
            throw e;
        }
        stopEmbedded();
    }

    private void stopEmbedded() {
        if (embedded != null) {
            try {
                embedded.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not stop the embedded store", e);
            }
        }
    }
}
