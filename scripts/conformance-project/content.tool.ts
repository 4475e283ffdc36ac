// The tools the tools-call-* scenarios call: a returned CallToolResult passes through unchanged.
import { PublicMcpError, Tool, ToolContext } from "@frontmcp/sdk";

// A 1x1 red PNG and a silent 8 kHz WAV header, the smallest valid samples.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";

@Tool({ name: "test_simple_text", inputSchema: {}, description: "Returns one text block" })
export class SimpleTextTool extends ToolContext {
  async execute() {
    return "This is a simple text response for testing.";
  }
}

@Tool({ name: "test_image_content", inputSchema: {}, description: "Returns an image block" })
export class ImageTool extends ToolContext {
  async execute() {
    return { content: [{ type: "image", data: PNG, mimeType: "image/png" }] };
  }
}

@Tool({ name: "test_audio_content", inputSchema: {}, description: "Returns an audio block" })
export class AudioTool extends ToolContext {
  async execute() {
    return { content: [{ type: "audio", data: WAV, mimeType: "audio/wav" }] };
  }
}

@Tool({ name: "test_embedded_resource", inputSchema: {}, description: "Returns an embedded resource block" })
export class EmbeddedResourceTool extends ToolContext {
  async execute() {
    return {
      content: [{ type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }],
    };
  }
}

@Tool({ name: "test_multiple_content_types", inputSchema: {}, description: "Returns text, image and resource blocks" })
export class MixedContentTool extends ToolContext {
  async execute() {
    return {
      content: [
        { type: "text", text: "Multiple content types test:" },
        { type: "image", data: PNG, mimeType: "image/png" },
        { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: '{"test":"data","value":123}' } },
      ],
    };
  }
}

@Tool({ name: "test_error_handling", inputSchema: {}, description: "Always fails" })
export class ErrorTool extends ToolContext {
  async execute() {
    this.fail(new PublicMcpError("This tool intentionally returns an error for testing"));
  }
}
