package dev.widefeed.drills.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplicaComparisonTest {
    @Test
    void equalCopiesHaveNoDifference() {
        Map<String, Map<String, String>> copies = new LinkedHashMap<>();
        copies.put("node1", Map.of("k1", "aaaa", "k2", "bbbb"));
        copies.put("node2", Map.of("k1", "aaaa", "k2", "bbbb"));
        copies.put("node3", Map.of("k2", "bbbb", "k1", "aaaa"));

        ReplicaComparison.Result result = ReplicaComparison.compare("likes", copies);

        assertThat(result.rows()).isEqualTo(2);
        assertThat(result.copies()).isEqualTo(3);
        assertThat(result.differing()).isZero();
        assertThat(result.example()).isEmpty();
    }

    @Test
    void aRowMissingOnOneNodeOrHoldingOtherValuesDiffers() {
        Map<String, Map<String, String>> copies = new LinkedHashMap<>();
        copies.put("node1", Map.of("k1", "aaaaaaaaaa", "k2", "bbbbbbbbbb", "k3", "cccccccccc"));
        copies.put("node2", Map.of("k1", "aaaaaaaaaa", "k3", "cccccccccc"));
        copies.put("node3", Map.of("k1", "aaaaaaaaaa", "k2", "bbbbbbbbbb", "k3", "dddddddddd"));

        ReplicaComparison.Result result = ReplicaComparison.compare("likes", copies);

        assertThat(result.rows()).isEqualTo(3);
        assertThat(result.differing()).isEqualTo(2);
        assertThat(result.example()).isEqualTo("likes row k2: node1 bbbbbbbb, node2 missing, node3 bbbbbbbb");
    }

    @Test
    void aRowOnlyOneNodeHasIsCountedAndDiffers() {
        Map<String, Map<String, String>> copies = new LinkedHashMap<>();
        copies.put("node1", Map.of());
        copies.put("node2", Map.of("k9", "eeee"));

        assertThat(ReplicaComparison.compare("posts", copies).differing()).isEqualTo(1);
    }
}
