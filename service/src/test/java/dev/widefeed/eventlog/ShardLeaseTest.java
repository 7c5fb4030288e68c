package dev.widefeed.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ShardLeaseTest {
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
    private final ShardLease lease = new ShardLease(Duration.ofSeconds(30));

    @Test
    void aLeaseNeverTakenIsNotHeldAndNotRenewed() {
        assertThat(lease.heldAt(T)).isFalse();
        assertThat(lease.renewalDue(T)).isFalse();
    }

    @Test
    void aLeaseIsRenewedAfterAThirdOfItsTtlAndTrustedForTwoThirds() {
        lease.renewed(T, false);
        assertThat(lease.heldAt(T.plusSeconds(9))).isTrue();
        assertThat(lease.renewalDue(T.plusSeconds(9))).isFalse();
        assertThat(lease.renewalDue(T.plusSeconds(10))).isTrue();
        assertThat(lease.renewAt()).isEqualTo(T.plusSeconds(10));
        assertThat(lease.heldAt(T.plusMillis(19_999))).isTrue();
        assertThat(lease.heldAt(T.plusSeconds(20)))
                .as("the last third is the margin")
                .isFalse();
        assertThat(lease.renewalDue(T.plusSeconds(20))).isFalse();
    }

    @Test
    void aRenewalCountsFromWhenItWasSent() {
        lease.renewed(T, false);
        lease.renewed(T.plusSeconds(10), false);
        assertThat(lease.heldAt(T.plusSeconds(29))).isTrue();
        assertThat(lease.renewalDue(T.plusSeconds(19))).isFalse();
        assertThat(lease.renewalDue(T.plusSeconds(20))).isTrue();
    }

    @Test
    void theWatermarkIsKeptForOneTenureOnly() {
        lease.renewed(T, false);
        assertThat(lease.watermark()).isEmpty();
        lease.watermarkSaved(100);
        lease.renewed(T.plusSeconds(10), false);
        assertThat(lease.watermark()).as("held without a break").hasValue(100);

        lease.renewed(T.plusSeconds(40), true);
        assertThat(lease.watermark())
                .as("untrusted for a while, but renewed: nobody took the lease meanwhile")
                .hasValue(100);

        lease.renewed(T.plusSeconds(80), false); // taken again: another worker may have had it since
        assertThat(lease.watermark()).isEmpty();

        lease.watermarkSaved(120);
        lease.lost();
        assertThat(lease.heldAt(T.plusSeconds(81))).isFalse();
        assertThat(lease.watermark()).isEmpty();
    }

    @Test
    void aWatermarkWriteOfUnknownOutcomeIsReadAgain() {
        lease.renewed(T, false);
        lease.watermarkSaved(100);
        lease.forgetWatermark();
        assertThat(lease.watermark()).isEmpty();
        assertThat(lease.heldAt(T)).isTrue();
    }
}
