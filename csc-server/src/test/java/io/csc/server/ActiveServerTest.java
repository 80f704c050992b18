package io.csc.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.csc.active.Answer;
import io.csc.active.PairOracle;
import io.csc.active.PointPair;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintReader;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.ConstraintWriter;
import io.csc.model.ModelFile;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ActiveServerTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @TempDir
    Path folder;

    @Test
    void answersArriveOnDiskAndResume() throws Exception {
        PairOracle truth = PairOracle.fromTruth(ServerFixture.WINE.labels());
        PointPair next;
        try (ActiveServer server = ActiveServer.prepare(ServerFixture.wine("min-max"), SessionFolder.open(folder),
                ConstraintSet.empty(178))) {
            String base = "http://127.0.0.1:" + server.start("127.0.0.1", 0);
            for (int t = 0; t < 6; t++) {
                JsonObject question = get(base + "/api/state").getAsJsonObject("question");
                PointPair pair = new PointPair(question.get("first").getAsInt(), question.get("second").getAsInt());
                HttpResponse<String> answered = post(base + "/api/answer", server.token(), "{\"first\":" + pair.first()
                        + ",\"second\":" + pair.second() + ",\"answer\":\"" + truth.answer(pair).code() + "\"}");
                assertEquals(200, answered.statusCode(), answered.body());
            }
            assertEquals(200, post(base + "/api/undo", server.token(), "{}").statusCode());
            assertEquals(5, get(base + "/api/state").get("answered").getAsInt());
            next = server.session().question().orElseThrow();

            List<String> answers = Files.readAllLines(folder.resolve(SessionFolder.ANSWERS));
            assertEquals(6, answers.size(), "header and five answers: " + answers);
            ConstraintSet written = ConstraintReader.read(folder.resolve(SessionFolder.CONSTRAINTS), 178);
            assertEquals(5, written.pairCount());
            for (Constraint pair : written.pairs()) {
                assertEquals(truth.answer(new PointPair(pair.first(), pair.second())) == Answer.SAME, pair.isMustLink());
            }
            HttpResponse<String> labels = CLIENT.send(HttpRequest.newBuilder(URI.create(base + "/download/labels.txt"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(178, labels.body().strip().split("\n").length);
            assertTrue(labels.headers().firstValue("Content-Disposition").orElse("").contains("labels.txt"));
            Path model = folder.resolve("downloaded.csc");
            CLIENT.send(HttpRequest.newBuilder(URI.create(base + "/download/model.csc")).build(),
                    HttpResponse.BodyHandlers.ofFile(model));
            assertEquals("scacs", ModelFile.load(model).provenance().method());
        }
        try (ActiveServer resumed = ActiveServer.prepare(ServerFixture.wine("min-max"), SessionFolder.open(folder),
                ConstraintSet.empty(178))) {
            assertEquals(5, resumed.session().log().size(), "a restart loses nothing");
            assertEquals(next, resumed.session().question().orElseThrow(), "and asks the same next question");
            assertEquals(5, resumed.session().predictions().stream().filter(p -> p != null).count());
        }
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class, () -> ActiveServer.prepare(
                ServerFixture.wine("min-max"), SessionFolder.open(folder),
                ConstraintSet.ofPairs(178, List.of(Constraint.mustLink(0, 1)))));
        assertTrue(both.getMessage().contains("holds an earlier session (answers.csv, 5 answers)"), both.getMessage());
    }

    @Test
    void resumesFromAConstraintsFile() throws IOException {
        Path file = folder.resolve("given.csv");
        ConstraintWriter.write(ConstraintSet.ofPairs(178, List.of(Constraint.mustLink(0, 1), Constraint.cannotLink(0, 100))),
                file);
        Path sessionFolder = folder.resolve("session");
        try (ActiveServer server = ActiveServer.prepare(ServerFixture.wine("ffqs"), SessionFolder.open(sessionFolder),
                ConstraintReader.read(file, 178))) {
            assertEquals(2, server.session().log().constraints().pairCount());
            assertFalse(server.session().log().isOpen(1, 100), "implied by the file's constraints");
            assertEquals(2, ConstraintReader.read(sessionFolder.resolve(SessionFolder.CONSTRAINTS), 178).pairCount());
        }
        try (ActiveServer resumed = ActiveServer.prepare(ServerFixture.wine("ffqs"), SessionFolder.open(sessionFolder),
                ConstraintSet.empty(178))) {
            assertEquals(2, resumed.session().log().constraints().pairCount(), "the folder keeps the starting constraints");
        }
    }

    @Test
    void badRequestsGetMessages() throws Exception {
        try (ActiveServer server = ActiveServer.prepare(ServerFixture.wine("random"), SessionFolder.open(folder),
                ConstraintSet.empty(178))) {
            String base = "http://127.0.0.1:" + server.start("127.0.0.1", 0);
            JsonObject question = get(base + "/api/state").getAsJsonObject("question");
            int first = question.get("first").getAsInt();
            int second = question.get("second").getAsInt();
            String valid = "{\"first\":" + first + ",\"second\":" + second + ",\"answer\":\"same\"}";

            assertStatus(403, post(base + "/api/answer", "", valid), "X-CSRF-Token");
            assertStatus(403, post(base + "/api/answer", "wrong", valid), "X-CSRF-Token");
            assertStatus(403, send(HttpRequest.newBuilder(URI.create(base + "/api/answer")).header("Origin",
                    "http://evil.example").header(ActiveServer.TOKEN_HEADER, server.token())
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(valid))),
                    "Cross-site");
            assertStatus(415, send(HttpRequest.newBuilder(URI.create(base + "/api/answer"))
                    .header(ActiveServer.TOKEN_HEADER, server.token()).header("Content-Type", "text/plain")
                    .POST(HttpRequest.BodyPublishers.ofString(valid))), "application/json");
            assertStatus(400, post(base + "/api/answer", server.token(), "{not json"), "not JSON (line 1 column");
            assertStatus(400, post(base + "/api/answer", server.token(), "{not json"), "send {\"first\": i");
            assertStatus(400, post(base + "/api/answer", server.token(), "[1,2]"), "JSON object");
            assertStatus(400, post(base + "/api/answer", server.token(), "{\"first\":" + first + ",\"second\":" + second
                    + ",\"answer\":\"maybe\"}"), "same, different or dont-know");
            assertStatus(400, post(base + "/api/answer", server.token(), "{\"first\":-1,\"second\":2,\"answer\":\"same\"}"),
                    "'first'");
            assertStatus(400, post(base + "/api/answer", server.token(), "{\"second\":2,\"answer\":\"same\"}"), "'first'");
            assertStatus(400, post(base + "/api/answer", server.token(), "{\"first\":" + first + ",\"second\":" + second
                    + "}"), "Missing or non-text 'answer': give \"same\", \"different\" or \"dont-know\"");
            assertStatus(409, post(base + "/api/answer", server.token(), "{\"first\":" + first + ",\"second\":"
                    + (second == 177 ? 176 : 177) + ",\"answer\":\"same\"}"), "not the current question");
            assertStatus(409, post(base + "/api/undo", server.token(), "{}"), "No answer to take back");
            assertStatus(400, get(base + "/api/plot?coordinates=3d", 400), "pca or embedding");
            assertStatus(404, get(base + "/download/passwd", 404), "No download called 'passwd'");
            assertStatus(404, get(base + "/download/..%2F..%2Fetc%2Fpasswd", 404), "No download called");
            assertStatus(404, get(base + "/download/", 404), "No download called '': there are constraints.csv");
            assertStatus(404, get(base + "/download/a/labels.txt", 404), "No download called 'a/labels.txt'");
            assertStatus(404, get(base + "/nowhere", 404), "No such page");
            assertStatus(405, get(base + "/api/answer", 405), "GET is not served on /api/answer: use POST");
            assertStatus(413, post(base + "/api/answer", server.token(), "{\"first\":1,\"pad\":\""
                    + "x".repeat(ActiveServer.MAX_BODY) + "\"}"), "larger than 16 KB");
            String rebound = rawGet(Integer.parseInt(base.substring(base.lastIndexOf(':') + 1)), "rebound.example");
            assertTrue(rebound.startsWith("HTTP/1.1 403") && rebound.contains("must name this server's host"), rebound);
            // a charset Jetty does not know was a 500; JSON is read as UTF-8 whatever the header names
            assertStatus(400, post(base + "/api/answer", server.token(), "application/json; charset=bogus",
                    "{\"answer\":\"same\"}"), "'first'");
            assertEquals(0, server.session().log().size(), "no bad request changed the session");
            HttpResponse<String> answered = post(base + "/api/answer", server.token(), "application/json; charset=utf-16",
                    valid);
            assertEquals(200, answered.statusCode(), answered.body());
        }
    }

    @Test
    void anAnswerOrUndoTheFolderCannotKeepIsNotMade() throws Exception {
        try (ActiveServer server = randomWine()) {
            String base = serve(server);
            assertEquals(200, post(base + "/api/answer", server.token(), currentAnswer(base, "same")).statusCode());
            PointPair next = server.session().question().orElseThrow();
            List<Answer> predictions = server.session().predictions();
            // the temporary file every write goes through cannot be made: the folder refuses writes
            // (a folder that is not empty, which the clean-up of a failed write cannot delete)
            Path blocked = Files.createDirectory(folder.resolve("." + SessionFolder.ANSWERS + ".tmp"));
            Files.writeString(blocked.resolve("kept"), "x");
            assertStatus(503, post(base + "/api/undo", server.token(), "{}"), "nothing was changed");
            assertStatus(503, post(base + "/api/answer", server.token(), currentAnswer(base, "different")), "writable");
            assertEquals(1, server.session().log().size(), "memory holds what the folder holds");
            assertEquals(next, server.session().question().orElseThrow());
            assertEquals(predictions, server.session().predictions());
            assertEquals(2, Files.readAllLines(folder.resolve(SessionFolder.ANSWERS)).size(), "header and one answer");
            Files.delete(blocked.resolve("kept"));
            Files.delete(blocked);
            assertEquals(200, post(base + "/api/undo", server.token(), "{}").statusCode());
            assertEquals(1, Files.readAllLines(folder.resolve(SessionFolder.ANSWERS)).size());
        }
    }

    @Test
    void theConstraintsDownloadIsTheSessionsEvenWhenTheFileWasRemoved() throws Exception {
        try (ActiveServer server = randomWine()) {
            String base = serve(server);
            assertEquals(200, post(base + "/api/answer", server.token(), currentAnswer(base, "same")).statusCode());
            Files.delete(folder.resolve(SessionFolder.CONSTRAINTS));
            HttpResponse<String> constraints = get(base + "/download/constraints.csv", 200);
            Path downloaded = Files.writeString(folder.resolve("downloaded.csv"), constraints.body());
            assertEquals(server.session().log().constraints().pairs(), ConstraintReader.read(downloaded, 178).pairs());
            assertTrue(Files.isRegularFile(folder.resolve(SessionFolder.CONSTRAINTS)), "and is written again");
        }
    }

    @Test
    void aSessionFolderThatIsAFileIsRefused() throws IOException {
        Path file = Files.writeString(folder.resolve("file"), "x");
        RuntimeException error = assertThrows(RuntimeException.class, () -> SessionFolder.open(file));
        assertTrue(error.getMessage().contains("not a folder"), error.getMessage());
        Path answers = folder.resolve("damaged");
        Files.createDirectories(answers);
        Files.writeString(answers.resolve(SessionFolder.ANSWERS), "i,j,answer,predicted\n1,2,same,\n3,x,same,\n");
        IllegalArgumentException damaged = assertThrows(IllegalArgumentException.class,
                () -> SessionFolder.open(answers).readAnswers(178));
        assertTrue(damaged.getMessage().contains("line 3") && damaged.getMessage().contains("'x'"), damaged.getMessage());
    }

    @Test
    void aSessionStartedOnOtherDataIsRefusedAndTheSameDataRenamedIsNot() {
        SessionFolder session = SessionFolder.open(folder.resolve("recorded"));
        session.requireSameData(ServerFixture.WINE);
        session.requireSameData(ServerFixture.WINE.withName("wine-copy"));
        io.csc.data.Dataset other = ServerFixture.WINE.subset(java.util.stream.IntStream.range(0, 150).toArray());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> session.requireSameData(other));
        assertTrue(refused.getMessage().contains("was started on other data (name=wine points=178"), refused.getMessage());
        assertTrue(refused.getMessage().contains("points=150"), refused.getMessage());
    }

    @Test
    void answersThatRepeatAPairAreRefusedNamingTheAnswerNotTheData() throws IOException {
        Path repeated = Files.createDirectories(folder.resolve("repeated"));
        Files.writeString(repeated.resolve(SessionFolder.ANSWERS), "i,j,answer,predicted\n0,2,same,\n2,0,different,\n");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> ActiveServer.prepare(
                ServerFixture.wine("random"), SessionFolder.open(repeated), ConstraintSet.empty(178)).close());
        assertTrue(refused.getMessage().contains("answers.csv, answer 2: ") && refused.getMessage().contains(
                "repeats a pair or contradicts its earlier answers"), refused.getMessage());
    }

    /** A GET of /api/state naming {@code host} in its Host header (HttpClient will not send a chosen one). */
    private static String rawGet(int port, String host) throws IOException {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.getOutputStream().write(("GET /api/state HTTP/1.1\r\nHost: " + host
                    + "\r\nConnection: close\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static void assertStatus(int status, HttpResponse<String> response, String messagePart) {
        assertEquals(status, response.statusCode(), response.body());
        JsonObject body = JsonParser.parseString(response.body()).getAsJsonObject();
        assertTrue(body.get("error").getAsString().contains(messagePart), response.body());
    }

    /** A session on Wine with random questions, in {@link #folder}. */
    private ActiveServer randomWine() {
        return ActiveServer.prepare(ServerFixture.wine("random"), SessionFolder.open(folder), ConstraintSet.empty(178));
    }

    /** Serves {@code server} on a free port and returns its address. */
    private static String serve(ActiveServer server) {
        return "http://127.0.0.1:" + server.start("127.0.0.1", 0);
    }

    /** The body of {@code answer} to the question {@code base} shows now. */
    private static String currentAnswer(String base, String answer) throws Exception {
        JsonObject question = get(base + "/api/state").getAsJsonObject("question");
        return "{\"first\":" + question.get("first").getAsInt() + ",\"second\":" + question.get("second").getAsInt()
                + ",\"answer\":\"" + answer + "\"}";
    }

    private static JsonObject get(String url) throws Exception {
        HttpResponse<String> response = get(url, 200);
        return JsonParser.parseString(response.body()).getAsJsonObject();
    }

    private static HttpResponse<String> get(String url, int expected) throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(url)).GET());
        assertEquals(expected, response.statusCode(), response.body());
        return response;
    }

    private static HttpResponse<String> post(String url, String token, String body) throws Exception {
        return post(url, token, "application/json", body);
    }

    private static HttpResponse<String> post(String url, String token, String type, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", type)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (!token.isEmpty()) {
            request.header(ActiveServer.TOKEN_HEADER, token);
        }
        return send(request);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
