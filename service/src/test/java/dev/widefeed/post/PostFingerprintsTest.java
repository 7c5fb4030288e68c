package dev.widefeed.post;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.Audience;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostFingerprintsTest {
    private static final Audience ONLY_ME = new Audience(Audience.Type.PRIVATE, List.of(), List.of(), List.of());

    @Test
    void thePostItWillBeIsTheRequestWhicheverFaceSpelledIt() {
        assertThat(PostFingerprints.post("hello", Audience.PUBLIC))
                .isEqualTo(PostFingerprints.post("hello", Audience.PUBLIC));
    }

    @Test
    void noAudienceIsThePublicOne() {
        assertThat(PostFingerprints.post("hello", null)).isEqualTo(PostFingerprints.post("hello", Audience.PUBLIC));
        assertThat(PostFingerprints.repost(1, null, null)).isEqualTo(PostFingerprints.repost(1, null, Audience.PUBLIC));
    }

    @Test
    void anotherTextOrAudienceIsAnotherRequest() {
        String hello = PostFingerprints.post("hello", Audience.PUBLIC);
        assertThat(PostFingerprints.post("hello!", Audience.PUBLIC)).isNotEqualTo(hello);
        assertThat(PostFingerprints.post("hello", ONLY_ME)).isNotEqualTo(hello);
        assertThat(PostFingerprints.repost(1, "hello", Audience.PUBLIC))
                .isNotEqualTo(hello)
                .isNotEqualTo(PostFingerprints.repost(2, "hello", Audience.PUBLIC));
    }
}
