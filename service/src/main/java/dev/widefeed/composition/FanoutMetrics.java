package dev.widefeed.composition;

import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import dev.widefeed.feed.fanout.FanoutTask;
import dev.widefeed.feed.fanout.FanoutWorker;
import java.time.Duration;

/** The fan-out's metrics, fed by the worker and the handler as they go. */
public final class FanoutMetrics {
    private FanoutMetrics() {}

    public static FanoutWorker.Listener listener(MetricRegistry metrics) {
        Meter rows = metrics.meter("fanout.rows-written");
        Meter followers = metrics.meter("fanout.followers-paged");
        Timer delivery = metrics.timer("fanout.delivery-time");
        return new FanoutWorker.Listener() {
            @Override
            public void page(FanoutTask task, int pageFollowers, int sent) {
                rows.mark(sent);
                followers.mark(pageFollowers);
            }

            @Override
            public void delivered(FanoutTask task, Duration took) {
                delivery.update(took);
            }
        };
    }
}
