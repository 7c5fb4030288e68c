package dev.widefeed.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Checks of a store's decorator: a class that implements a store interface over another implementation of it and adds
 * to some of its calls, as a cache's watched store tells the cache of each write (docs/design.md, "The cache tier").
 * No store is started: the store behind the decorator is a recording fake made here.
 *
 * <p>{@link #declaresEveryMethod}: the decorator declares every method of the interface itself, default ones
 * included. A method it inherited would reach the store past it (a default method runs on the decorator and calls the
 * store through whatever it calls), so a method added to the interface fails the check until the decorator decides
 * what that method does. {@link #callEveryMethod}: every method, called on the decorator over the fake, calls the
 * store's same method once with the same arguments and answers the store's answer; what else each call did is what
 * the decorator's listener, a {@link Recorder} too, heard.
 */
public final class DecoratorChecks {
    private DecoratorChecks() {}

    /** One call a recorder heard: the method's name and its arguments. */
    public record Call(String method, List<Object> args) {
        public static Call of(String method, Object... args) {
            return new Call(method, Arrays.asList(args));
        }
    }

    /**
     * A fake of an interface, made by {@link Proxy}, that records every call and answers each with a value of its
     * return type made by the {@link Samples} it was given.
     */
    public static final class Recorder<T> {
        private final T fake;
        private final List<Method> methods = new ArrayList<>();
        private final List<Call> calls = new ArrayList<>();
        private final List<Object> answers = new ArrayList<>();

        private Recorder(Class<T> type, Samples samples) {
            this.fake = type.cast(Proxy.newProxyInstance(
                    type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                        if (method.getDeclaringClass() == Object.class) {
                            return switch (method.getName()) {
                                case "equals" -> proxy == args[0];
                                case "hashCode" -> System.identityHashCode(proxy);
                                default -> "recording " + type.getSimpleName();
                            };
                        }
                        Object answer = samples.answer(method.getReturnType());
                        methods.add(method);
                        calls.add(new Call(method.getName(), args == null ? List.of() : Arrays.asList(args)));
                        answers.add(answer);
                        return answer;
                    }));
        }

        public T fake() {
            return fake;
        }

        /** Every call heard so far, in order. */
        public List<Call> calls() {
            return List.copyOf(calls);
        }
    }

    /**
     * What the checks pass and answer. A primitive, a string, an optional, a collection, an enum or an interface they
     * make themselves: the {@code n}th argument of a method (from 1) is {@code n} if it is a number, {@code true} if a
     * boolean and {@code "argument n"} if a string, the others fresh objects; a number answered is 1000, a boolean
     * {@link #answering} says. Any other type (a record of the domain) is given.
     */
    public static final class Samples {
        private static final long ANSWERED_NUMBER = 1000;

        private final Map<Class<?>, Object> given;
        private final boolean answeredBoolean;

        private Samples(Map<Class<?>, Object> given, boolean answeredBoolean) {
            this.given = given;
            this.answeredBoolean = answeredBoolean;
        }

        /** One value of each type given, by its class; booleans answered {@code true}. */
        public static Samples of(Object... values) {
            Map<Class<?>, Object> given = new HashMap<>();
            for (Object value : values) {
                given.put(value.getClass(), value);
            }
            return new Samples(given, true);
        }

        /** The same samples, booleans answered {@code answered}. */
        public Samples answering(boolean answered) {
            return new Samples(given, answered);
        }

        Object argument(Class<?> type, int position) {
            return make(type, position, "argument " + position, true);
        }

        Object answer(Class<?> type) {
            return make(type, ANSWERED_NUMBER, "answer", answeredBoolean);
        }

        private Object make(Class<?> type, long number, String text, boolean bool) {
            if (type == void.class) {
                return null;
            } else if (type == long.class || type == Long.class) {
                return number;
            } else if (type == int.class || type == Integer.class) {
                return (int) number;
            } else if (type == boolean.class || type == Boolean.class) {
                return bool;
            } else if (type == String.class) {
                return new String(text);
            } else if (type == Optional.class) {
                // Passed on, never opened: an object of its own, whatever it is said to hold.
                return Optional.of(new String(text));
            } else if (type == List.class || type == Collection.class) {
                return new ArrayList<>();
            } else if (type == Set.class) {
                return new HashSet<>();
            } else if (type == Map.class) {
                return new HashMap<>();
            } else if (type.isEnum()) {
                return type.getEnumConstants()[0];
            } else if (given.containsKey(type)) {
                return given.get(type);
            } else if (type.isInterface()) {
                return recorder(type, this).fake();
            }
            return fail("no sample of %s: give one to Samples.of", type.getName());
        }
    }

    /** A recording fake of {@code type}, answering with {@code samples}. */
    public static <T> Recorder<T> recorder(Class<T> type, Samples samples) {
        return new Recorder<>(type, samples);
    }

    /** Fails naming every method of {@code store}, default ones included, that {@code decorator} does not declare. */
    public static void declaresEveryMethod(Class<?> decorator, Class<?> store) {
        assertThat(store.isInterface())
                .as("%s is an interface", store.getSimpleName())
                .isTrue();
        assertThat(store.isAssignableFrom(decorator))
                .as("%s implements %s", decorator.getSimpleName(), store.getSimpleName())
                .isTrue();
        List<String> missing = methodsOf(store).stream()
                .filter(m -> !declares(decorator, m))
                .map(m -> (m.isDefault() ? "the default method " : "") + signature(m))
                .toList();
        if (!missing.isEmpty()) {
            fail(
                    "%s does not declare %s of %s: a call of it would reach the store past the decorator. Declare it,"
                            + " passing it on, or passing it on and telling what it changed.",
                    decorator.getSimpleName(), String.join(", ", missing), store.getSimpleName());
        }
    }

    /**
     * Calls every method of {@code store} once on a decorator ({@code decorate}) of a recording fake of it, with
     * {@code samples}' arguments, and checks that the call reached the fake as exactly that one call, with the same
     * arguments, and answered what the fake answered. What each call made {@code heard} hear, by the method's
     * signature ({@code "delete(Post)"}), for the methods that made it hear anything.
     */
    public static <S> Map<String, List<Call>> callEveryMethod(
            Class<S> store, Function<S, ? extends S> decorate, Recorder<?> heard, Samples samples) {
        Map<String, List<Call>> heardPerMethod = new LinkedHashMap<>();
        for (Method method : methodsOf(store)) {
            String signature = signature(method);
            Recorder<S> fake = recorder(store, samples);
            S decorator = decorate.apply(fake.fake());
            Object[] args = new Object[method.getParameterCount()];
            for (int i = 0; i < args.length; i++) {
                args[i] = samples.argument(method.getParameterTypes()[i], i + 1);
            }
            int heardBefore = heard.calls.size();
            Object answer = call(method, decorator, args, signature);
            assertThat(fake.methods.stream().map(DecoratorChecks::signature))
                    .as("what %s called on the decorator called on the store", signature)
                    .containsExactly(signature);
            for (int i = 0; i < args.length; i++) {
                assertThat(fake.calls.get(0).args().get(i))
                        .as("argument %d of %s, as the store was given it", i + 1, signature)
                        .isSameAs(args[i]);
            }
            Object answered = fake.answers.get(0);
            if (method.getReturnType().isPrimitive()) {
                assertThat(answer).as("what %s answered", signature).isEqualTo(answered);
            } else {
                assertThat(answer).as("what %s answered", signature).isSameAs(answered);
            }
            List<Call> made = heard.calls.subList(heardBefore, heard.calls.size());
            if (!made.isEmpty()) {
                heardPerMethod.put(signature, List.copyOf(made));
            }
        }
        return heardPerMethod;
    }

    private static Object call(Method method, Object target, Object[] args, String signature) {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw new AssertionError(signature + " failed on the decorator", e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError(signature + " could not be called", e);
        }
    }

    /** The interface's methods an implementation answers, in the order of their signatures. */
    private static List<Method> methodsOf(Class<?> store) {
        return Arrays.stream(store.getMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers()))
                .sorted(Comparator.comparing(DecoratorChecks::signature))
                .collect(Collectors.toList());
    }

    private static boolean declares(Class<?> decorator, Method method) {
        try {
            Method declared = decorator.getDeclaredMethod(method.getName(), method.getParameterTypes());
            return !declared.isBridge() && !Modifier.isAbstract(declared.getModifiers());
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static String signature(Method method) {
        return method.getName()
                + Arrays.stream(method.getParameterTypes())
                        .map(Class::getSimpleName)
                        .collect(Collectors.joining(", ", "(", ")"));
    }
}
