function love.conf(t)
  t.identity = "pixel-collide-sources"
  -- love.graphics.newQuad wants a window, though nothing is drawn.
  t.window.width = 64
  t.window.height = 64
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
